package platform

import (
	"os"
	"testing"
)

func TestProcessAlive(t *testing.T) {
	if !ProcessAlive(os.Getpid()) {
		t.Error("this process is not alive")
	}
}

func TestDirWritable(t *testing.T) {
	if !DirWritable(t.TempDir()) {
		t.Error("a temporary folder cannot be written")
	}
}
