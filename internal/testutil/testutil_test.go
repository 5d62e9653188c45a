package testutil

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// fakeTB records a Fatalf or Skipf and ends the goroutine as the real
// ones do.
type fakeTB struct {
	testing.TB
	failed, skipped bool
}

func (f *fakeTB) Helper()                 {}
func (f *fakeTB) Fatalf(string, ...any)   { f.failed = true; runtime.Goexit() }
func (f *fakeTB) Skipf(string, ...any)    { f.skipped = true; runtime.Goexit() }
func (f *fakeTB) Fatal(...any)            { f.failed = true; runtime.Goexit() }
func (f *fakeTB) TempDir() string         { return f.TB.TempDir() }
func (f *fakeTB) Setenv(k, v string)      { f.TB.Setenv(k, v) }
func (f *fakeTB) Cleanup(fn func())       { f.TB.Cleanup(fn) }
func (f *fakeTB) Logf(s string, a ...any) { f.TB.Logf(s, a...) }

func run(t *testing.T, f func(tb testing.TB)) *fakeTB {
	fake := &fakeTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(fake)
	}()
	<-done
	return fake
}

func TestMissingSharedDataSkipsUnlessRequired(t *testing.T) {
	missing := "no-such-folder-in-shared/x.json"
	t.Setenv(RequireSharedEnv, "")
	if r := run(t, func(tb testing.TB) { SharedPath(tb, missing) }); !r.skipped || r.failed {
		t.Errorf("not required: skipped %v, failed %v; want a skip", r.skipped, r.failed)
	}
	if r := run(t, func(tb testing.TB) { LookShared(tb, missing) }); r.skipped || r.failed {
		t.Errorf("LookShared, not required: skipped %v, failed %v; want neither", r.skipped, r.failed)
	}
	t.Setenv(RequireSharedEnv, "1")
	for name, f := range map[string]func(testing.TB){
		"SharedPath": func(tb testing.TB) { SharedPath(tb, missing) },
		"LookShared": func(tb testing.TB) { LookShared(tb, missing) },
		"ReadShared": func(tb testing.TB) { ReadShared(tb, missing) },
	} {
		if r := run(t, f); !r.failed || r.skipped {
			t.Errorf("%s, required: skipped %v, failed %v; want a failure", name, r.skipped, r.failed)
		}
	}
}

func TestSharedDataIsBesideTheModule(t *testing.T) {
	p, ok := LookShared(t, "")
	if !ok {
		t.Skipf("shared data %s not present", p)
	}
	if _, err := os.Stat(filepath.Join(p, "..", filepath.Base(mustModuleRoot(t)), "go.mod")); err != nil {
		t.Errorf("%s is not beside the module: %v", p, err)
	}
}

func mustModuleRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Dir(filepath.Dir(dir)) // internal/testutil
}

func TestWriteFolderAndTempEnv(t *testing.T) {
	dir := WriteFolder(t, map[string]string{"a.md": "# A\n", "sub/deeper/b.md": "# B\n"})
	if data, err := os.ReadFile(filepath.Join(dir, "sub", "deeper", "b.md")); err != nil || string(data) != "# B\n" {
		t.Errorf("b.md: %q %v", data, err)
	}
	home, config, cache := TempHome(t)
	if os.Getenv("HOME") != home || os.Getenv("XDG_CONFIG_HOME") != config || os.Getenv("XDG_CACHE_HOME") != cache {
		t.Errorf("environment not set: %q %q %q", home, config, cache)
	}
	if home == config || config == cache {
		t.Errorf("folders shared: %q %q %q", home, config, cache)
	}
}
