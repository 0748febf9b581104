//go:build !unix

package board

import tea "charm.land/bubbletea/v2"

// suspendOnStop does nothing: there is no job control here.
func suspendOnStop(*tea.Program) (end func()) { return func() {} }

// stopSelf is the command of Ctrl-Z: nothing here.
func stopSelf() tea.Msg { return nil }
