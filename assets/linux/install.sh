#!/bin/sh
# Installs Folio from this unpacked package into PREFIX (default ~/.local,
# no root needed), or removes it:
#
#   ./install.sh                      install into ~/.local
#   PREFIX=/opt/folio ./install.sh    install elsewhere
#   ./install.sh uninstall            remove what install put there
#
# Uninstalling keeps your library (~/.config/folio/library.db) and never
# touches your Markdown folders.
set -eu
cd "$(dirname "$0")"
PREFIX=${PREFIX:-$HOME/.local}
ID=org.folio.desktop
SIZES="16 24 32 48 64 128 256 512"
DOCS="LICENSE THIRD-PARTY-LICENSES.txt CHANGELOG.md README.txt"

# What install writes, one path per line, relative to PREFIX.
files() {
  echo bin/folio
  echo share/applications/$ID.desktop
  echo share/pixmaps/$ID.png
  for s in $SIZES; do echo share/icons/hicolor/${s}x${s}/apps/$ID.png; done
  for d in $DOCS; do echo share/doc/folio/$d; done
}

# Tell the desktop about the new or removed entry: the MIME index makes
# "Open with Folio" appear for folders and Markdown files. An icon cache is
# only brought up to date where one exists (a new one would hide the icons
# of programs installed later without it).
refresh() {
  if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$PREFIX/share/applications" 2>/dev/null || true
  fi
  if [ -f "$PREFIX/share/icons/hicolor/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -t "$PREFIX/share/icons/hicolor" 2>/dev/null || true
  fi
}

case "${1:-install}" in
install)
  for f in $(files); do
    mode=644
    [ "$f" = bin/folio ] && mode=755
    install -D -m $mode "$f" "$PREFIX/$f"
  done
  # The launcher names the installed binary by its full path: PREFIX/bin
  # need not be on PATH.
  sed -i "s|^Exec=folio|Exec=$PREFIX/bin/folio|" "$PREFIX/share/applications/$ID.desktop"
  refresh
  echo "Folio installed into $PREFIX (run $PREFIX/bin/folio, or find Folio in your applications menu)."
  case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) echo "Note: $PREFIX/bin is not on your PATH; add it to run 'folio' from a terminal." ;; esac
  ;;
uninstall)
  for f in $(files); do rm -f "$PREFIX/$f"; done
  rmdir "$PREFIX/share/doc/folio" 2>/dev/null || true
  refresh
  echo "Folio removed from $PREFIX. Your library and your folders were left as they are."
  ;;
*)
  echo "usage: $0 [install|uninstall]   (PREFIX=$PREFIX)" >&2
  exit 2
  ;;
esac
