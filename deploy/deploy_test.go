// Package deploy holds the files that run mastermind's long searches on a
// cluster: Slurm scripts (run on a one-node Slurm by slurm-test.sh) and
// Kubernetes Jobs, which cannot run here: this test decodes them strictly
// into Kubernetes' own types and checks that they run the Slurm scripts'
// command lines with the same resources.
//
// It is a module of its own, so that k8s.io/api is a dependency of this
// test alone: cd deploy && go test ./...
package deploy

import (
	"errors"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	kjson "sigs.k8s.io/json"
	"sigs.k8s.io/yaml"
)

// pairs are the Kubernetes Jobs and the Slurm scripts whose lines they run.
var pairs = []struct {
	job, script string
	indexed     bool // one pod per shard, as the script is one task per shard
}{
	{"k8s-optimal.yaml", "slurm-optimal.sh", true},
	{"k8s-merge.yaml", "slurm-merge.sh", false},
	{"k8s-prove.yaml", "slurm-prove.sh", true},
	{"k8s-prove-merge.yaml", "slurm-prove-merge.sh", false},
}

// readJob decodes the Job in file name strictly (decodeStrict).
func readJob(t *testing.T, name string) *batchv1.Job {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var job batchv1.Job
	if err := decodeStrict(string(data), &job); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if job.APIVersion != "batch/v1" || job.Kind != "Job" {
		t.Fatalf("%s: %s %s, want a batch/v1 Job", name, job.APIVersion, job.Kind)
	}
	if n := len(job.Spec.Template.Spec.Containers); n != 1 {
		t.Fatalf("%s: %d containers, want 1", name, n)
	}
	return &job
}

// words returns the shell statement of text that starts with "exec
// mastermind", as its words: in a script, a line and the lines it continues
// with a backslash; in a Job's folded argument, up to the next ";".
func words(text string) []string {
	text = strings.ReplaceAll(text, "\\\n", " ")
	i := strings.Index(text, "exec mastermind ")
	if i < 0 {
		return nil
	}
	stmt := text[i:]
	if j := strings.IndexAny(stmt, ";\n"); j >= 0 {
		stmt = stmt[:j]
	}
	return strings.Fields(stmt)
}

// sbatch returns the value of the script's #SBATCH option (as --mem=4G).
func sbatch(t *testing.T, script, option string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^#SBATCH --` + option + `=(\S+)$`).FindStringSubmatch(script)
	if m == nil {
		t.Fatalf("no #SBATCH --%s", option)
	}
	return m[1]
}

// env returns the value of the container's environment variable name.
func env(c corev1.Container, name string) (string, bool) {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value, true
		}
	}
	return "", false
}

func TestJobsRunTheSlurmLines(t *testing.T) {
	claims := map[string]bool{}
	for _, p := range pairs {
		t.Run(p.job, func(t *testing.T) {
			job := readJob(t, p.job)
			data, err := os.ReadFile(p.script)
			if err != nil {
				t.Fatal(err)
			}
			script := string(data)
			pod := job.Spec.Template.Spec
			c := pod.Containers[0]

			want := words(script)
			if len(c.Command) != 2 || c.Command[0] != "/bin/sh" || c.Command[1] != "-c" || len(c.Args) != 1 {
				t.Fatalf("command %q, args %q: want /bin/sh -c and one argument, the script", c.Command, c.Args)
			}
			if got := words(c.Args[0]); want == nil || strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("the Job runs\n\t%s\nthe Slurm script\n\t%s", strings.Join(got, " "), strings.Join(want, " "))
			}

			// The Slurm script runs in the folder of the parts; the pod, in
			// the shared volume.
			var claim string
			for _, m := range c.VolumeMounts {
				for _, v := range pod.Volumes {
					if v.Name == m.Name && m.MountPath == c.WorkingDir && v.PersistentVolumeClaim != nil {
						claim = v.PersistentVolumeClaim.ClaimName
					}
				}
			}
			if claim == "" {
				t.Errorf("the working directory %q is not a mounted persistent volume claim", c.WorkingDir)
			}
			claims[claim] = true

			// The same resources: Slurm's G is Kubernetes' Gi.
			mem := resource.MustParse(strings.Replace(sbatch(t, script, "mem"), "G", "Gi", 1))
			if got := c.Resources.Limits[corev1.ResourceMemory]; got.Cmp(mem) != 0 {
				t.Errorf("memory limit %v, the Slurm script's --mem %v", &got, &mem)
			}
			cpus := resource.MustParse(sbatch(t, script, "cpus-per-task"))
			if got := c.Resources.Requests[corev1.ResourceCPU]; got.Cmp(cpus) != 0 {
				t.Errorf("cpu request %v, the Slurm script's --cpus-per-task %v", &got, &cpus)
			}

			if !p.indexed {
				if job.Spec.CompletionMode != nil && *job.Spec.CompletionMode == batchv1.IndexedCompletion {
					t.Errorf("an Indexed Job: want one pod")
				}
				return
			}
			checkIndexed(t, job, c, script)
		})
	}
	if len(claims) != 1 {
		t.Errorf("the Jobs use the volume claims %v, want one claim they share", claims)
	}
}

// checkIndexed checks that the Job runs one pod per shard, SHARDS of
// them, all at once, each knowing its index, and the settings (GAME...)
// the Slurm script has by default.
func checkIndexed(t *testing.T, job *batchv1.Job, c corev1.Container, script string) {
	s := job.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Errorf("completionMode %v, want Indexed (one pod per shard)", s.CompletionMode)
	}
	shards, ok := env(c, "SHARDS")
	n, err := strconv.Atoi(shards)
	if !ok || err != nil || n < 1 {
		t.Fatalf("SHARDS %q, want the number of shards", shards)
	}
	if s.Completions == nil || s.Parallelism == nil {
		t.Fatalf("completions or parallelism missing: want both SHARDS, %d", n)
	}
	if int(*s.Completions) != n || int(*s.Parallelism) != n {
		t.Errorf("completions %d, parallelism %d, SHARDS %d: want all equal", *s.Completions, *s.Parallelism, n)
	}
	if !strings.Contains(c.Args[0], "I=$JOB_COMPLETION_INDEX;") {
		t.Errorf("the pod's script does not set I, the shard, to $JOB_COMPLETION_INDEX")
	}
	defaults := regexp.MustCompile(`(?m)^(\w+)=\$\{(\w+):-"?([^"}]*)"?\}$`).FindAllStringSubmatch(script, -1)
	if len(defaults) == 0 {
		t.Error(`the Slurm script has no setting such as GAME=${GAME:-"..."}`)
	}
	for _, d := range defaults {
		if d[1] != d[2] {
			continue
		}
		if v, ok := env(c, d[1]); !ok || v != d[3] {
			t.Errorf("%s %q, the Slurm script's default %q", d[1], v, d[3])
		}
	}
	checkRetries(t, job)
	if g := job.Spec.Template.Spec.TerminationGracePeriodSeconds; g == nil || *g < 30 {
		t.Errorf("terminationGracePeriodSeconds %v: want at least 30 s for SIGTERM to save the checkpoint", g)
	}
}

// TestStrict checks that the decoding refuses what Kubernetes would: a
// misspelt field, a repeated one, one in another case, a value of the
// wrong type.
func TestStrict(t *testing.T) {
	data, err := os.ReadFile("k8s-optimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	for _, bad := range []struct{ from, to string }{
		{"parallelism: 32", "paralelism: 32"},
		{"parallelism: 32", "parallelism: 32\n  parallelism: 32"},
		{"parallelism: 32", "parallelism: many"},
		{"workingDir: /data", "workdir: /data"},
		{"workingDir: /data", "workingdir: /data"}, // the case
		{"parallelism: 32", "Parallelism: 32"},
	} {
		text := strings.Replace(good, bad.from, bad.to, 1)
		if text == good {
			t.Fatalf("%q is not in k8s-optimal.yaml", bad.from)
		}
		var job batchv1.Job
		if err := decodeStrict(text, &job); err == nil {
			t.Errorf("%q for %q: decoded without an error", bad.to, bad.from)
		}
	}
}

// decodeStrict decodes a YAML document into v as the API server's strict
// field validation would: a field unknown, repeated, or spelt in another
// case (which encoding/json, and so yaml.UnmarshalStrict, would take) is
// an error.
func decodeStrict(doc string, v any) error {
	data, err := yaml.YAMLToJSONStrict([]byte(doc))
	if err != nil {
		return err
	}
	strict, err := kjson.UnmarshalStrict(data, v)
	if err == nil && len(strict) > 0 {
		err = errors.Join(strict...)
	}
	return err
}

// checkRetries checks that a shard's pod that fails (a shard stopped by
// SIGTERM exits 1) is followed by a new pod for its index, as the API
// server accepts it: backoffLimitPerIndex "can only be set when Job's
// completionMode=Indexed, and the Pod's restart policy is Never" (the
// JobSpec's documentation, k8s.io/api/batch/v1), and so can a
// podFailurePolicy. An eviction (the DisruptionTarget condition) is
// ignored, not counted among the failures.
func checkRetries(t *testing.T, job *batchv1.Job) {
	t.Helper()
	s := job.Spec
	never := s.Template.Spec.RestartPolicy == corev1.RestartPolicyNever
	if s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex < 1 {
		t.Errorf("backoffLimitPerIndex %v: want at least 1, a new pod for a shard that fails", s.BackoffLimitPerIndex)
	} else if !never {
		t.Errorf("backoffLimitPerIndex with restartPolicy %q: the API accepts it only with Never", s.Template.Spec.RestartPolicy)
	}
	if s.PodFailurePolicy == nil {
		t.Errorf("no podFailurePolicy: an evicted pod counts as a failure of its index")
		return
	}
	if !never {
		t.Errorf("podFailurePolicy with restartPolicy %q: the API accepts it only with Never", s.Template.Spec.RestartPolicy)
	}
	ignored := false
	for _, r := range s.PodFailurePolicy.Rules {
		for _, c := range r.OnPodConditions {
			ignored = ignored || r.Action == batchv1.PodFailurePolicyActionIgnore && c.Type == corev1.DisruptionTarget
		}
	}
	if !ignored {
		t.Errorf("the podFailurePolicy does not ignore DisruptionTarget: an eviction counts as a failure of its index")
	}
}
