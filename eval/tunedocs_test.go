package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The documents tune-docs.jsonl was written over: the API reference of the
// Node.js this machine kind installs (nodesource's 20.20.2 package) and the
// docs of npm 11.19.1. `make eval-docs` gathers the same files (npm's from
// the machine, or from the registry's tarball, integrity checked).
const (
	nodeDocs    = "/usr/share/doc/nodejs/api"
	nodeVersion = "v20.20.2"
	npmDocs     = "/usr/lib/node_modules/npm/docs/content"
	npmVersion  = "11.19.1"
)

// docsDirs says where each corpus folder of tune-docs.jsonl is:
// FOLIO_EVAL_DOCS (a folder holding nodejs-api/ and npm-docs/, as make
// eval-docs builds it), or the machine's own copies when they are of the
// versions the set was written on; nil and the reason when neither is.
func docsDirs() (dirs map[string]string, why string) {
	if d := os.Getenv("FOLIO_EVAL_DOCS"); d != "" {
		return map[string]string{"nodejs-api": filepath.Join(d, "nodejs-api"), "npm-docs": filepath.Join(d, "npm-docs")}, ""
	}
	index, err := os.ReadFile(filepath.Join(nodeDocs, "index.html"))
	if err != nil || !strings.Contains(string(index), "Node.js "+nodeVersion) {
		return nil, "no Node.js " + nodeVersion + " API docs in " + nodeDocs
	}
	pkg, err := os.ReadFile(filepath.Join(npmDocs, "..", "..", "package.json"))
	if err != nil || !strings.Contains(string(pkg), `"version": "`+npmVersion+`"`) {
		return nil, "no npm " + npmVersion + " docs in " + npmDocs
	}
	return map[string]string{"nodejs-api": nodeDocs, "npm-docs": npmDocs}, ""
}

func TestTuneDocsAnswersStandInTheirFiles(t *testing.T) {
	dirs, why := docsDirs()
	if dirs == nil {
		// Not ../shared: documents of the machine kind, which another
		// machine may lack; FOLIO_EVAL_DOCS points at a copy.
		t.Skip(why + " (set FOLIO_EVAL_DOCS to a folder holding nodejs-api/ and npm-docs/)")
	}
	dirOf := func(corpus string) string {
		if d, ok := dirs[corpus]; ok {
			return d
		}
		return filepath.Join(os.TempDir(), "no-such-corpus", corpus) // an unknown corpus: its files are reported missing
	}
	checkTuneSet(t, dirOf, "tune-docs.jsonl", map[string]int{"en": 70}, map[string]bool{}, map[string]string{})
}
