package files

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadTakesExactlyTheLimit: a note of MaxFileSize bytes is read whole,
// one byte more is refused.
func TestReadTakesExactlyTheLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "big.md")
	for _, size := range []int64{MaxFileSize, MaxFileSize + 1} {
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(p, size); err != nil { // sparse: costs no disk
			t.Fatal(err)
		}
		data, err := ReadRegular(p)
		if size == MaxFileSize && (err != nil || len(data) != MaxFileSize) {
			t.Errorf("%d bytes: read %d, %v", size, len(data), err)
		}
		if size > MaxFileSize && err != errTooLarge {
			t.Errorf("%d bytes: %v, want %v", size, err, errTooLarge)
		}
	}
}
