package browsertest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mastermind-go/mastermind/internal/testkit"
)

// fatalTB records a Fatalf and ends the goroutine that called it, as
// testing.T does, so that a test can check how a helper fails.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// TestWaitFailsWhenThrown: a page that throws fails a Wait at once with
// the exception, rather than at the tab's timeout (5 minutes) with only
// "context deadline exceeded".
func TestWaitFailsWhenThrown(t *testing.T) {
	p := Open(t, 400, 300, Timeout)
	p.Run(chromedp.Navigate(`data:text/html,<p id=m>hello</p><script>setTimeout(() => { throw new Error("boom 42") }, 50)</script>`))
	fake := &fatalTB{TB: t}
	p.T = fake
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Wait(`false`, "#m")
	}()
	<-done
	p.T = t
	if p.Ctx.Err() != nil {
		t.Fatalf("Wait on a page that threw ended only with the tab (%v)", p.Ctx.Err())
	}
	if !strings.Contains(fake.msg, "the page threw") || !strings.Contains(fake.msg, "boom 42") {
		t.Fatalf("Wait on a page that threw: %q, want the exception named", fake.msg)
	}
	p.mu.Lock()
	p.errors = nil // thrown on purpose
	p.mu.Unlock()
}

// TestWaitReportsAtTimeout: a Wait for an event that never comes ends
// before the tab does, so that its failure still reads the page: the
// messages and the focused element, not only "context deadline exceeded".
func TestWaitReportsAtTimeout(t *testing.T) {
	testkit.Long(t) // it waits a tab's timeout, 2*reportTime and a second
	p := Open(t, 400, 300, 2*reportTime+time.Second)
	p.Run(chromedp.Navigate(`data:text/html,<p id=m>hello</p><input id=seed class=seedin autofocus>`))
	p.Wait(`document.activeElement.id === "seed"`, "#m")
	fake := &fatalTB{TB: t}
	p.T = fake
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Wait(`false`, "#m")
	}()
	<-done
	p.T = t
	for _, want := range []string{"messages: hello", `focus input#seed.seedin ""`, "dialogs open: none"} {
		if !strings.Contains(fake.msg, want) {
			t.Errorf("a Wait that timed out says %q, want %q in it", fake.msg, want)
		}
	}
}
