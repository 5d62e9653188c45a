//go:build linux

package files

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadStopsAtTheLimitWhateverStatSays reads a file that says it is
// empty and never ends (/proc/PID/pagemap, like a FUSE file that lies
// about its size): the read stops just past MaxFileSize and refuses.
func TestReadStopsAtTheLimitWhateverStatSays(t *testing.T) {
	lying := fmt.Sprintf("/proc/%d/pagemap", os.Getpid())
	info, err := os.Lstat(lying)
	if err != nil || !info.Mode().IsRegular() || info.Size() != 0 {
		t.Skipf("no lying file to read here: %v %v", info, err)
	}
	if _, err := ReadRegular(lying); err == nil || !strings.Contains(err.Error(), "larger than 20 MB") {
		t.Errorf("ReadRegular: %v", err)
	}
	if _, err := ReadListed(Found{root: filepath.Dir(lying), Rel: filepath.Base(lying), ID: idOf(info)}); err == nil || !strings.Contains(err.Error(), "larger than 20 MB") {
		t.Errorf("ReadListed: %v", err)
	}
}
