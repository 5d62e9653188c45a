package chunker

import "fmt"

// SplitFixed cuts a file every size characters, each chunk starting overlap
// characters before the previous one ended. It ignores structure on
// purpose: it is the baseline that evaluations compare the structural
// chunker against.
func SplitFixed(sourceID string, data []byte, size, overlap int) (*Document, error) {
	if size < 1 || overlap < 0 || overlap >= size {
		return nil, fmt.Errorf("fixed chunks need size ≥ 1 and 0 ≤ overlap < size, got %d and %d", size, overlap)
	}
	src, err := newSource(data)
	if err != nil {
		return nil, err
	}
	doc := &Document{Source: sourceID, Text: src.text, InvalidBytes: src.invalidBytes}
	doc.Title = documentTitle(sourceID, src, parse(src))
	// Byte offset of every character, so cuts fall between characters.
	offsets := make([]int, 0, len(src.text)+1)
	for i := range src.text {
		offsets = append(offsets, i)
	}
	offsets = append(offsets, len(src.text))
	n := len(offsets) - 1
	path := []string{doc.Title}
	section := sectionID(sourceID, 0, path)
	for i := 0; i < n-overlap || (i == 0 && n > 0); i += size - overlap {
		start, end := offsets[i], offsets[min(i+size, n)]
		if start >= end {
			break
		}
		doc.Chunks = append(doc.Chunks, Chunk{
			Source: sourceID, Ordinal: len(doc.Chunks), Kind: KindMixed,
			Path: path, Title: doc.Title, Section: section,
			StartLine: src.line(start), EndLine: src.line(end - 1),
			Start: start, End: end, Text: src.text[start:end],
		})
	}
	for i := range doc.Chunks {
		doc.Chunks[i].ID = chunkID(&doc.Chunks[i])
	}
	return doc, nil
}

// SplitWhole makes the whole file one chunk (front matter aside): the
// file-level baseline of evaluations.
func SplitWhole(sourceID string, data []byte) (*Document, error) {
	src, err := newSource(data)
	if err != nil {
		return nil, err
	}
	doc := &Document{Source: sourceID, Text: src.text, InvalidBytes: src.invalidBytes}
	doc.Title = documentTitle(sourceID, src, parse(src))
	start, end := src.trimRange(src.frontEnd, len(src.text))
	if start >= end {
		return doc, nil
	}
	path := []string{doc.Title}
	doc.Chunks = []Chunk{{
		Source: sourceID, Kind: KindMixed, Path: path, Title: doc.Title,
		Section: sectionID(sourceID, 0, path), StartLine: src.line(start), EndLine: src.line(end - 1),
		Start: start, End: end, Text: src.text[start:end],
	}}
	doc.Chunks[0].ID = chunkID(&doc.Chunks[0])
	return doc, nil
}
