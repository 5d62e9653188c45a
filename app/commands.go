package app

// command is one `folio COMMAND`: its name, its arguments as the help
// shows them, a line on what it does, and the function that runs it.
type command struct {
	name, usage, summary string
	run                  func(e *env, args []string) int
}

// commands is every command, in the order the help lists them. It is set
// in init rather than where it is declared because the commands read it
// back (newFlagSet takes their usage from it), which Go refuses in a
// package variable's initialiser.
var commands []command

func init() {
	commands = []command{
		{"add", "[--db FILE] DIR...",
			"add folders to the library and index them", runAdd},
		{"scan", "[--db FILE]",
			"re-scan every folder: index new and changed files, drop deleted ones", runScan},
		{"watch", "[--db FILE] [DIR...]",
			"keep the library up to date: scan now, then index files as they are saved, until Ctrl+C (DIRs are added first, and only they are watched)", runWatch},
		{"remove", "[--db FILE] DIR",
			"remove a folder from the library (its files are not touched)", runRemove},
		{"folders", "[--db FILE]",
			"list the library's folders", runFolders},
		{"search", "[--db FILE] [--json] [--limit N] [--per-file N] [--folder NAME|DIR] [--sort relevance|date|path] [--saved NAME] [--explain] [--] QUERY...",
			"search the library (flags come first; the rest is the query: words, \"phrases\", -word, tag:NAME, folder:NAME, after:DATE, before:DATE; --help for all)", runSearch},
		{"saved", "[--json]",
			"list the saved searches (named in the window; `folio search --saved NAME` runs one)", runSaved},
		{"mcp", "[--db FILE]",
			"serve the library to an assistant over the Model Context Protocol on stdin/stdout (read-only: search, read, folders)", runMCP},
		{"stats", "[--db FILE]",
			"folders, documents, chunks, database size, last scan", runStats},
		{"health", "[--db FILE] [--json]",
			"chunk size histogram, defects with citations, skipped files, size per folder", runHealth},
		{"check", "[--db FILE]",
			"check the library file for damage (reads every page)", runCheck},
		{"chunks", "[--max N] [--min N] [--overlap N] [--fixed N] [--json] FILE...",
			"split Markdown files into chunks and print them with a quality report", runChunks},
		{"eval", "--corpus DIR [--golden FILE.jsonl]... [--queries Q.jsonl --qrels R.tsv] [--max N --min N --overlap N | --fixed N] [--weights H,T,B] [--compare LIST] [--verbose] [--json] [--save-ranks FILE] [--against FILE]",
			"measure retrieval on golden questions or judged queries, on a temporary index", runEval},
	}
}
