package files

import "path/filepath"

// Deepest picks, among folders (at the paths root gives), the deepest
// whose scans reach path, and path relative to it, slash-separated (""
// for the folder itself).
func Deepest[F any](folders []F, path string, dir bool, root func(F) string) (F, string, bool) {
	var best F
	var bestRoot, bestRel string
	found := false
	for _, f := range folders {
		r := root(f)
		if !Inside(r, path) || found && len(r) <= len(bestRoot) {
			continue
		}
		rel, err := filepath.Rel(r, path)
		if err != nil || !ScansReach(filepath.ToSlash(rel), dir) {
			continue
		}
		best, bestRoot, bestRel, found = f, r, filepath.ToSlash(rel), true
	}
	if bestRel == "." {
		bestRel = ""
	}
	return best, bestRel, found
}
