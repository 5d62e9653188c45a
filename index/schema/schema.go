// Package schema is the shape of a Folio library file, apart from the
// code that opens it: the SQL steps from each schema version to the next,
// the marks that say a file is Folio's, and how heading paths and chunker
// settings are written into rows. It holds no connection (no SQLite
// import), so the format can be read and tested on its own.
package schema

import (
	"fmt"
	"strings"

	"folio/chunker"
	"folio/index/analyze"
)

// Version is stored in PRAGMA user_version: len(Migrations).
const Version = 7

// ApplicationID marks a SQLite file as a Folio library (PRAGMA
// application_id, bytes 68–71 of the header): "Foli".
const ApplicationID = 0x466f6c69

// Migrations[i] brings a database from user_version i to i+1. Each runs in
// one IMMEDIATE transaction that re-reads the version first, so two
// processes opening an old library at once migrate it once.
var Migrations = []string{
	// 0 → 1: the first schema.
	`CREATE TABLE folders(
		id INTEGER PRIMARY KEY,
		path TEXT NOT NULL UNIQUE,
		added_at INTEGER NOT NULL,
		last_scan INTEGER NOT NULL DEFAULT 0,
		sample INTEGER NOT NULL DEFAULT 0
	);
	CREATE TABLE documents(
		id INTEGER PRIMARY KEY,
		folder_id INTEGER NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
		rel_path TEXT NOT NULL,
		size INTEGER NOT NULL,
		mtime INTEGER NOT NULL,
		hash TEXT NOT NULL,
		title TEXT NOT NULL,
		chunker TEXT NOT NULL,
		indexed_at INTEGER NOT NULL,
		UNIQUE(folder_id, rel_path)
	);
	CREATE TABLE chunks(
		id INTEGER PRIMARY KEY,
		doc_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
		chunk_id TEXT NOT NULL,
		ordinal INTEGER NOT NULL,
		kind TEXT NOT NULL,
		path TEXT NOT NULL,
		section TEXT NOT NULL,
		start_line INTEGER NOT NULL,
		end_line INTEGER NOT NULL,
		text TEXT NOT NULL
	);
	CREATE INDEX chunks_doc ON chunks(doc_id, ordinal);
	CREATE INDEX chunks_section ON chunks(section);
	CREATE TABLE skipped(
		folder_id INTEGER NOT NULL REFERENCES folders(id) ON DELETE CASCADE,
		rel_path TEXT NOT NULL,
		reason TEXT NOT NULL,
		PRIMARY KEY(folder_id, rel_path)
	);
	CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
	-- Contentless: the analysed text is only needed to find rows; snippets
	-- come from chunks.text. contentless_delete lets a row be removed by
	-- rowid alone, so nothing can fall out of sync.
	CREATE VIRTUAL TABLE chunks_fts USING fts5(heading, title, body,
		content='', contentless_delete=1, tokenize='ascii');
	-- Removed medical or policy text must not linger in the file.
	INSERT INTO chunks_fts(chunks_fts, rank) VALUES('secure-delete', 1);`,

	// 1 → 2: the file says it is Folio's; folders remember being offline
	// and keep their counts (the writer keeps them exact, so listing folders
	// costs the same at a million chunks as at ten); documents keep their
	// chunk count and import warnings; writing sessions are recorded so
	// only a library that was not closed cleanly is checked at open.
	//
	// The FTS table is rebuilt without contentless_delete: that option
	// deletes by tombstones and leaves the removed rows' words in the file
	// until a merge happens to rewrite their segment. Rows are now removed
	// with FTS5's 'delete' command and the analysed text (see index/fts, Columns),
	// which with secure-delete takes the words out at once. The rows are
	// put back from the chunks table by Go code (the analyser is Go), from
	// the chunk id in fts.rebuild_from.
	`PRAGMA application_id = ` + fmt.Sprint(ApplicationID) + `;
	DROP TABLE chunks_fts;
	CREATE VIRTUAL TABLE chunks_fts USING fts5(heading, title, body, content='', tokenize='ascii');
	INSERT INTO chunks_fts(chunks_fts, rank) VALUES('secure-delete', 1);
	-- The index's own vocabulary, where typos find their close words.
	CREATE VIRTUAL TABLE chunks_fts_v USING fts5vocab(chunks_fts, 'row');
	DELETE FROM settings WHERE key = 'fts.analyzer';
	INSERT OR REPLACE INTO settings(key, value) VALUES('fts.rebuild_from', '0');
	ALTER TABLE folders ADD COLUMN offline TEXT NOT NULL DEFAULT '';
	ALTER TABLE folders ADD COLUMN n_documents INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE folders ADD COLUMN n_chunks INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE folders ADD COLUMN n_bytes INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE documents ADD COLUMN n_chunks INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE documents ADD COLUMN warnings TEXT NOT NULL DEFAULT '';
	UPDATE documents SET n_chunks = (SELECT count(*) FROM chunks WHERE doc_id = documents.id);
	UPDATE folders SET
		n_documents = (SELECT count(*) FROM documents WHERE folder_id = folders.id),
		n_chunks = (SELECT coalesce(sum(n_chunks), 0) FROM documents WHERE folder_id = folders.id),
		n_bytes = (SELECT coalesce(sum(size), 0) FROM documents WHERE folder_id = folders.id);
	CREATE TABLE sessions(
		id INTEGER PRIMARY KEY,
		host TEXT NOT NULL,
		pid INTEGER NOT NULL,
		started INTEGER NOT NULL
	);`,

	// 2 → 3: what notes say of themselves (front matter, #tags), for
	// filters. meta is the chunker.MetaVersion a document's metadata was
	// read with: 0 for every existing one, so the next scan reads it
	// without re-chunking. tags and aliases are joined with PathSep;
	// date is the front matter's (Unix seconds, 0 when none). The tags
	// table is the inverted list a tag: filter and the tag row read.
	`ALTER TABLE documents ADD COLUMN tags TEXT NOT NULL DEFAULT '';
	ALTER TABLE documents ADD COLUMN aliases TEXT NOT NULL DEFAULT '';
	ALTER TABLE documents ADD COLUMN date INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE documents ADD COLUMN meta INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE tags(
		tag TEXT NOT NULL,
		doc_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
		PRIMARY KEY(tag, doc_id)
	) WITHOUT ROWID;
	CREATE INDEX tags_doc ON tags(doc_id);
	CREATE INDEX documents_dated ON documents(` + DatedSQL + `);`,

	// Copies share one FTS row (fts/twins.go): canon is the chunk whose
	// row holds the passage, twin_key finds a copy's owner. Rows written
	// before are their own owners until fts.PlaceOld keys them.
	`ALTER TABLE chunks ADD COLUMN canon INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE chunks ADD COLUMN twin_key INTEGER NOT NULL DEFAULT 0;
	UPDATE chunks SET canon = id;
	CREATE INDEX chunks_canon ON chunks(canon);
	CREATE INDEX chunks_twin ON chunks(twin_key) WHERE canon = id;
	INSERT OR REPLACE INTO settings(key, value) VALUES('fts.place_from', '0');`,

	// Near-copies count once in the words' weights (fts/near.go): the
	// keys of each row's owner, and the owners counted as another's
	// near-copy. Rows written before have no keys until schema 6's step
	// gives them theirs.
	`CREATE TABLE near_keys(key INTEGER NOT NULL, chunk INTEGER NOT NULL, PRIMARY KEY(key, chunk)) WITHOUT ROWID;
	CREATE TABLE near(id INTEGER PRIMARY KEY);`,

	// The rows written before schema 5 get their near-copy keys
	// (fts.KeyNearOld): a backup imported then counted again otherwise.
	`INSERT OR REPLACE INTO settings(key, value) VALUES('fts.near_from', '0');`,

	// A near-copy shares its set's first row, like a twin (fts/nearrows.go),
	// and near_fts holds what it may say apart: its first and last lines,
	// in the body column (heading and title are the set's own).
	// The near-copies listed before give up their rows (fts.ShareNearOld).
	`CREATE VIRTUAL TABLE near_fts USING fts5(heading, title, body, content='', tokenize='ascii');
	INSERT INTO near_fts(near_fts, rank) VALUES('secure-delete', 1);
	INSERT OR REPLACE INTO settings(key, value) VALUES('fts.nearrows_from', '0');`,
}

// DatedSQL is a document's date in Unix seconds: its front matter's, else
// its file's modification time (stored in nanoseconds). The same
// expression is indexed (documents_dated) and filtered on, so that date
// filters can use the index.
const DatedSQL = `CASE WHEN date != 0 THEN date ELSE mtime / 1000000000 END`

// FTSTitleSQL is what a document's rows hold in the FTS title column, as
// SQL over documents d: the title and the aliases. FTSTitle is the same
// in Go; a delete must give FTS5 the very text that was inserted.
const FTSTitleSQL = `d.title || CASE WHEN d.aliases = '' THEN '' ELSE ' ' || replace(d.aliases, char(31), ' ') END`

// FTSTitle is FTSTitleSQL in Go.
func FTSTitle(title string, aliases []string) string {
	if len(aliases) == 0 {
		return title
	}
	return title + " " + strings.Join(aliases, " ")
}

// PathSep joins heading paths in the chunks table; it cannot occur in a
// heading, and it sorts below every printable character, so a LIKE on a
// prefix of the joined path matches exactly the sub-sections.
const PathSep = "\x1f"

// JoinPath stores a heading path.
func JoinPath(p []string) string { return strings.Join(p, PathSep) }

// SplitPath reads back a stored heading path.
func SplitPath(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, PathSep)
}

// ChunkerTag records the chunker version, its settings and the analyzer
// version a document was indexed with; a change of any re-indexes it on the
// next scan.
func ChunkerTag(o chunker.Options) string {
	return fmt.Sprintf("%s max=%d min=%d overlap=%d analyzer=%s", chunker.Version, o.Max, o.Min, o.Overlap, analyze.Version)
}

// ParseChunkerTag reads back the settings ChunkerTag wrote; ok is false
// for a document indexed by other rules (it is stale until rescanned).
func ParseChunkerTag(tag string) (opt chunker.Options, ok bool) {
	var version, analyzer string
	n, err := fmt.Sscanf(tag, "%s max=%d min=%d overlap=%d analyzer=%s", &version, &opt.Max, &opt.Min, &opt.Overlap, &analyzer)
	return opt, err == nil && n == 5 && version == chunker.Version && analyzer == analyze.Version
}
