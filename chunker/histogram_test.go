package chunker

import (
	"reflect"
	"strings"
	"testing"
)

func TestHistogram(t *testing.T) {
	if Histogram(nil) != nil {
		t.Error("no chunks, yet bins")
	}
	var chunks []Chunk
	for _, n := range []int{10, 60, 60, 140, 590} {
		chunks = append(chunks, Chunk{Text: strings.Repeat("é", n)}) // sizes in characters, not bytes
	}
	want := []Bin{{0, 50, 1}, {50, 100, 2}, {100, 150, 1}, {150, 200, 0}, {200, 250, 0},
		{250, 300, 0}, {300, 350, 0}, {350, 400, 0}, {400, 450, 0}, {450, 500, 0},
		{500, 550, 0}, {550, 600, 1}}
	if got := Histogram(chunks); !reflect.DeepEqual(got, want) {
		t.Errorf("Histogram = %v, want %v", got, want)
	}
}
