#!/usr/bin/env bash
# End-to-end tests of `cairn fmt` (tools.md §2.3): write mode replaces a file by rename (new inode, permissions
# kept, no temporary left), --check and --diff write nothing and exit 1 when there is work, the cairn.fmt/1
# record's fields, directories walked for *.cairn in sorted order, a file that does not lex or parse left alone
# and listed under not_formatted (exit 1), an unreadable path (exit 2), CRLF and byte-order mark kept.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

sloppy='fn checksum( n : usize , frame : ro < u8 > [ n ] ) -> u32\n{\n  let mut sum : u32 = 0 ;\n\n\n  for i in 0 .. n { sum = add_wrap ( sum , u32 ( frame [ i ] ) ) ; }\n  return sum ;\n}\n'
tidy='fn checksum(n:usize, frame:ro<u8>[n]) -> u32 {\n  let mut sum:u32 = 0;\n\n  for i in 0..n { sum = add_wrap(sum, u32(frame[i])); }\n  return sum;\n}\n'
mkdir -p "$tmp/p/src/sub" "$tmp/p/.hidden"
printf "$sloppy" >"$tmp/p/src/b.cairn"
printf "$tidy" >"$tmp/p/src/a.cairn"
printf "$sloppy" >"$tmp/p/src/sub/c.cairn"
printf "$sloppy" >"$tmp/p/.hidden/skip.cairn"
printf 'not cairn {' >"$tmp/p/src/notes.txt"
cp "$tmp/p/src/b.cairn" "$tmp/b.orig"

# --check: exit 1, nothing written, the changed files in sorted walk order
out=$("$CAIRN" fmt --check "$tmp/p" --format json)
if [ $? -eq 1 ]; then ok; else bad "--check with work: want exit 1"; fi
has "--check record" '"protocol":"cairn.fmt/1","status":"would-change","mode":"check"'
has "--check changed" "\"changed\":\[\"$tmp/p/src/b.cairn\",\"$tmp/p/src/sub/c.cairn\"\],\"not_formatted\":\[\]"
if cmp -s "$tmp/p/src/b.cairn" "$tmp/b.orig"; then ok; else bad "--check wrote a file"; fi
if grep -q "skip.cairn\|notes.txt" <<<"$out"; then bad "--check read a hidden directory or a non-.cairn file"; else ok; fi

# --diff: the unified diff on standard output, exit 1, nothing written; the record only when json is chosen
out=$("$CAIRN" fmt --diff "$tmp/p/src/b.cairn")
if [ $? -eq 1 ]; then ok; else bad "--diff with work: want exit 1"; fi
first3=$(head -3 <<<"$out")
want3=$(printf -- '--- %s\n+++ %s (formatted)\n@@ -1,8 +1,6 @@' "$tmp/p/src/b.cairn" "$tmp/p/src/b.cairn")
if [ "$first3" = "$want3" ]; then ok; else bad "--diff header: got [$first3]"; fi
has "--diff removed line" '^-fn checksum( n : usize'
has "--diff added line" '^+fn checksum(n:usize, frame:ro<u8>\[n\]) -> u32 {$'
has "--diff context line" '^ }$'
if cmp -s "$tmp/p/src/b.cairn" "$tmp/b.orig"; then ok; else bad "--diff wrote a file"; fi
# the diff applies with patch(1) and gives exactly what write mode writes
if command -v patch >/dev/null; then
  cp "$tmp/p/src/b.cairn" "$tmp/patched.cairn"
  "$CAIRN" fmt --diff "$tmp/p/src/b.cairn" | patch -s "$tmp/patched.cairn"
  if cmp -s "$tmp/patched.cairn" <(printf "$tidy"); then ok; else bad "the --diff output does not patch the file into its formatted text"; fi
fi
out=$("$CAIRN" fmt --diff "$tmp/p/src/b.cairn" --format json)
has "--diff json" '"mode":"diff","files":1,"changed":\[.*\],"not_formatted":\[\],"diff":"--- '
out=$("$CAIRN" fmt --diff "$tmp/p/src/a.cairn")
if [ $? -eq 0 ] && [ -z "$out" ]; then ok; else bad "--diff of a formatted file: want exit 0 and no output"; fi

# write mode: replaced by rename (a new inode), permissions kept, no temporary file left
chmod 640 "$tmp/p/src/b.cairn"
inode_before=$(stat -c %i "$tmp/p/src/b.cairn")
out=$("$CAIRN" fmt "$tmp/p" --format json)
if [ $? -eq 0 ]; then ok; else bad "write mode: want exit 0"; fi
has "write record" '"status":"formatted","mode":"write","files":3'
if [ "$(cat "$tmp/p/src/b.cairn")" = "$(printf "$tidy")" ]; then ok; else bad "write mode: b.cairn is not the formatted text: $(cat "$tmp/p/src/b.cairn")"; fi
if [ "$(stat -c %i "$tmp/p/src/b.cairn")" != "$inode_before" ]; then ok; else bad "write mode: the file was not replaced by rename"; fi
if [ "$(stat -c %a "$tmp/p/src/b.cairn")" = 640 ]; then ok; else bad "write mode: permissions not kept ($(stat -c %a "$tmp/p/src/b.cairn"))"; fi
if ls -A "$tmp/p/src" | grep -q tmp; then bad "write mode left a temporary file: $(ls -A "$tmp/p/src")"; else ok; fi
if cmp -s "$tmp/p/.hidden/skip.cairn" <(printf "$sloppy"); then ok; else bad "write mode touched a hidden directory"; fi
# symbolic links: not followed in a walk (a loop is harmless); a file named through a link has its target replaced
ln -s .. "$tmp/p/src/loop"
printf "$sloppy" >"$tmp/target.cairn"
ln -s "$tmp/target.cairn" "$tmp/link.cairn"
out=$("$CAIRN" fmt --check "$tmp/p" --format json)
if [ $? -eq 0 ] && ! grep -q loop <<<"$out"; then ok; else bad "a symbolic link in a walk was followed: $out"; fi
"$CAIRN" fmt "$tmp/link.cairn" --format json >/dev/null
if [ -L "$tmp/link.cairn" ] && cmp -s "$tmp/target.cairn" <(printf "$tidy"); then ok; else bad "formatting through a link replaced the link or missed its target"; fi
rm "$tmp/p/src/loop"
# formatted text: --check exits 0, unchanged
out=$("$CAIRN" fmt --check "$tmp/p" --format json)
if [ $? -eq 0 ]; then ok; else bad "--check on formatted files: want exit 0: $out"; fi
has "--check unchanged" '"status":"unchanged","mode":"check","files":3,"changed":\[\],"not_formatted":\[\]'
out=$("$CAIRN" fmt --check "$tmp/p" --format human)
has "human --check" "^3 files, 0 would change, 0 left alone.$"

# a file that does not lex, one that does not parse: left alone, listed, exit 1
printf 'fn f() -> u64 { return 1 # 2; }\n' >"$tmp/bad_lex.cairn"
printf 'fn f() -> u64 {\n  let x = 1\n  return x;\n}\n' >"$tmp/bad_parse.cairn"
cp "$tmp/bad_lex.cairn" "$tmp/bad_lex.orig"
cp "$tmp/bad_parse.cairn" "$tmp/bad_parse.orig"
out=$("$CAIRN" fmt "$tmp/bad_lex.cairn" "$tmp/bad_parse.cairn" "$tmp/p/src/a.cairn" --format json)
if [ $? -eq 1 ]; then ok; else bad "files left alone: want exit 1"; fi
has "not_formatted lex" "{\"file\":\"$tmp/bad_lex.cairn\",\"reason\":\"Unexpected character '#'.\",\"kind\":\"does-not-lex\",\"code\":\"E-LEX\",\"line\":1,\"column\":26}"
has "not_formatted parse" "\"file\":\"$tmp/bad_parse.cairn\",\"reason\":\"Expected ';', found reserved word 'return'.\",\"kind\":\"does-not-parse\",\"code\":\"E-PARSE\""
has "status unchanged" '"status":"unchanged","mode":"write"'
if cmp -s "$tmp/bad_lex.cairn" "$tmp/bad_lex.orig" && cmp -s "$tmp/bad_parse.cairn" "$tmp/bad_parse.orig"; then ok; else bad "a file left alone was written"; fi
out=$("$CAIRN" fmt "$tmp/bad_lex.cairn" --format human)
has "human left alone" "^left alone: $tmp/bad_lex.cairn:1:26: Unexpected character '#'.$"

# an unreadable path: exit 2 with a diagnostic, nothing formatted
printf "$sloppy" >"$tmp/other.cairn"
out=$("$CAIRN" fmt "$tmp/other.cairn" "$tmp/missing" --format json)
if [ $? -eq 2 ]; then ok; else bad "missing path: want exit 2"; fi
has "missing path record" '"status":"unknown","code":"E-PROJECT-OR-ENVIRONMENT"'
has "missing path message" "The path $tmp/missing does not exist."
if cmp -s "$tmp/other.cairn" <(printf "$sloppy"); then ok; else bad "a missing path still let another file be written"; fi
if [ "$(id -u)" != 0 ]; then
  printf "$tidy" >"$tmp/locked.cairn"
  chmod 000 "$tmp/locked.cairn"
  "$CAIRN" fmt "$tmp/locked.cairn" --format json >/dev/null
  if [ $? -eq 2 ]; then ok; else bad "unreadable file: want exit 2"; fi
  chmod 600 "$tmp/locked.cairn"
fi

# usage errors
out=$("$CAIRN" fmt --check --diff "$tmp/p" --format json)
if [ $? -eq 2 ]; then ok; else bad "--check --diff: want exit 2"; fi
has "--check --diff" "exclude each other"
out=$("$CAIRN" fmt --format json)
if [ $? -eq 2 ]; then ok; else bad "no PATH: want exit 2"; fi

# CRLF kept (most lines end CRLF), the byte-order mark kept, one final newline
printf '\xef\xbb\xbfconst A:u64=1;\r\nconst B:u64=2;\r\n\r\n\r\nconst C:u64=3;' >"$tmp/crlf.cairn"
"$CAIRN" fmt "$tmp/crlf.cairn" --format json >/dev/null
if cmp -s "$tmp/crlf.cairn" <(printf '\xef\xbb\xbfconst A:u64 = 1;\r\nconst B:u64 = 2;\r\n\r\nconst C:u64 = 3;\r\n'); then ok; else bad "CRLF/BOM: got $(od -c "$tmp/crlf.cairn" | head -5)"; fi
out=$("$CAIRN" fmt --check "$tmp/crlf.cairn" --format json)
if [ $? -eq 0 ]; then ok; else bad "CRLF file formatted twice changes: $out"; fi

e2e_finish fmt_cmd
