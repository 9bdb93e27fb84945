"""The simulated ``/system/bin/sh`` against Android's own: mksh's grammar, expansions and builtins.

Each line runs through Debian's mksh (Android's ``/system/bin/sh``, chrooted in a root laid out as a phone's, with
toybox as its userland; :mod:`tests.android_userland`) and through the simulated phone's shell, with the same files
on both; standard output, error output and exit status must be the same. The lines are what harnesses send:
AndroidWorld's ``file_utils`` (``if [ -d ... ]``, ``rm -r DIR/*``, ``echo '...' > FILE``), loops, ``case``,
substitutions, here-documents, redirections, builtins and syntax errors.

Where Debian's mksh is not Android's, the output is normalised, with the reason (:func:`android`). The unit tests
below them pin the parser and the pure parts of expansion without the real shell.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from mobileagent_sim import SimDevice, sh_parse
from tests.android_userland import Pair, Result, unavailable

#: Judged by Debian's mksh and toybox (other projects' code, in a chroot): run after the README's test command
#: (``-m compat``), as CI does.
pytestmark = pytest.mark.compat

G = "/data/local/tmp/g"
FILES = ["a.txt", "b.txt", "c d.txt", ".hidden", "ab.log"]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    reason = unavailable()
    if reason:
        pytest.skip(reason)
    both = Pair(Path(tmp_path_factory.mktemp("android")) / "root")
    both.mkdir(f"{G}/sub")
    for name in FILES:
        both.write(f"{G}/{name}", name.encode() + b"\n")
    yield both
    both.close()


def android(result: Result) -> tuple[str, str, int]:
    """What Android's mksh prints where Debian's mksh prints otherwise.

    Debian's package is R59c with mksh's later CVS changes (``debian/changelog``, 59c-15: "Overhaul error reporting
    functions"): they prefix errors with ``E:`` and warnings with ``W:``, and word a failed redirection
    ``PATH: create: REASON``. Android 13 ships R59c itself (AOSP ``external/mksh``), whose ``main.c``
    ``error_prefix`` prints no such prefix and whose ``exec.c`` ``iosetup`` says ``can't create PATH: REASON``
    (``Tf_cant_ss_s``).
    """
    out, err, status = result.text()
    return _r59c(out), _r59c(err), status  # errors reach standard output after 2>&1


def _r59c(text: str) -> str:
    text = re.sub(r"(?m)^[EW]: (?=\S+: )", "", text)
    return re.sub(r"(?m)^/system/bin/sh: (.*): (create|open): ", r"/system/bin/sh: can't \2 \1: ", text)


def same(pair: Pair, line: str, stdin: bytes = b"") -> None:
    real, simulated = pair.both(line, stdin)
    assert simulated.text() == android(real), line


#: AndroidWorld's ``file_utils``: ``check_file_exists``'s script, ``create_file``'s ``echo '...' > FILE``.
ANDROIDWORLD = [
    f'if [ -d "{G}" ]; then echo Exists; else echo "Does not exist"; fi',
    f'if [ -d "{G}/nope" ]; then echo Exists; else echo "Does not exist"; fi',
    f'if [ -f {G}/a.txt ]; then echo file; elif [ -d {G} ]; then echo dir; else echo none; fi',
    'if false; then echo a; elif false; then echo b; fi; echo $?',
    "echo 'first line\nsecond \"line\" $HOME' > /data/local/tmp/aw.txt; cat /data/local/tmp/aw.txt",
]

#: Pathname expansion of unquoted words, relative to the working folder.
GLOBBING = [
    f"echo {G}/*",
    f"cd {G} && echo * && echo *.txt && echo ?.txt && echo [ab].txt && echo [!a]*.txt",
    f'cd {G}; echo .*; echo *.none; echo "*" \\*; x="*.txt"; echo $x "$x"',
    f"echo {G}/*/",
    "echo /data/local/tmp/*/a.txt",
    'cd /data/local/tmp; for f in g/*.txt; do echo "file: $f"; done',
    f"set -f; echo {G}/*",
    f"case {G}/a.txt in *.txt) echo text;; esac",
]

LOOPS = [
    "for i in 1 2 3; do echo $i; done",
    "for i in a b c; do if [ $i = b ]; then continue; fi; echo $i; done",
    "for i in a b c; do for j in 1 2; do [ $j = 2 ] && break 2; echo $i$j; done; done; echo end",
    "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done",
    "i=0; until [ $i -ge 2 ]; do i=$((i+1)); echo u$i; done",
    'set -- x "y z"; for a; do echo "<$a>"; done',
    "for i in; do echo never; done; echo $?",
    "for i in 1 2\ndo echo $i\ndone",
    "echo a b | while read x y; do echo $y $x; done",
]

CASE = [
    "case hello in h*) echo H;; *) echo other;; esac",
    'case "a b" in "a b") echo quoted;; esac',
    'for w in apple banana cherry x; do case $w in a*|b*) echo ab;; c????y) echo c;; *) echo "? $w";; esac; done',
    "case x in x) echo one;& y) echo two;; z) echo three;; esac",
    "case foo in (f*) echo paren;; esac",
    "case [ in \\[) echo bracket;; esac",
    'x="*"; case abc in "$x") echo literal;; $x) echo pattern;; esac',
    "case a in\nb) echo b;;\na) echo a\nesac",
]

GROUPS_AND_FUNCTIONS = [
    "{ echo a; echo b; } | wc -l",
    "x=1; (x=2; cd /data; echo $x $(pwd)); echo $x $(pwd)",
    "(exit 3); echo $?",
    'f() { echo "f: $1 $# $*"; return 4; }; f a b c; echo $?',
    "f() { local x=in; echo $x; }; x=out; f; echo $x",
    "g() { echo $1; shift; echo $#; }; g 1 2 3",
    "function h { echo ksh-style; }; h",
    "f() { for i in 1 2 3; do [ $i = 2 ] && return 7; done; }; f; echo $?",
    "f() echo one-line; f",
    "{ echo out; echo err >&2; } 2>&1 | cat",
    "true | exit 4; echo after $?",
    'X=1 | true; echo "[$X]"',
]

SUBSTITUTIONS = [
    "echo $(echo a; echo b)",
    'echo "$(echo a; echo b)"',
    'x=$(echo "a"; echo; echo); echo "[$x]"',
    'echo `echo back` "`echo tick`"',
    "echo $(echo $(echo deep))",
    "x=$(false); echo $?",
    'echo "$(cd /data && pwd)" "$(pwd)"',
    "echo $(( 1 + 2 * 3 )) $((7 / 2)) $((-7 % 3)) $(( (1+2) * 3 )) $((1 << 4)) $((5 > 3)) $((2147483647 + 1))",
    "x=5; echo $((x * 2)) $((x += 1)) $x $((x++)) $x $((--x))",
    "echo $((0x1f)) $((8#17)) $((010)) $(( 3 ? 4 : 5 )) $((!0)) $((~0)) $(( 1 && 0 || 1 ))",
    "echo $((1/0)); echo after",
    "echo $((1+)); echo after",
    "echo $(ls /nope) status $?",
]

PARAMETERS = [
    "x=val; echo ${x} ${x:-d} ${y:-d} ${y-d} ${x:+alt} ${y:+alt}; z=; echo [${z:-e}] [${z-f}] [${z:+g}] [${z+h}]",
    "echo ${y:=assigned} $y",
    "echo ${nope:?is missing}; echo after",
    "echo ${nope?}; echo after",
    "p=/a/b/c.tar.gz; echo ${p#*/} ${p##*/} ${p%.*} ${p%%.*} ${#p}",
    'p=file.txt; echo ${p%.txt}.bak ${p#"file"} ${p%"*"}',
    'set -- a "b c" d; echo $#; for x in "$@"; do echo "[$x]"; done; for x in $*; do echo "<$x>"; done; echo "$*"',
    'set -- a b; echo "$@" "${#}" "$1$2"',
    'f() { echo $#; }; f "$@"; set -- "" ""; f "$@"; f $@',
    'echo ${#}; echo "${@:-none}"',
    "echo $0",
    'x="a  b   c"; echo $x; echo "$x"',
    'IFS=:; x=a:b::c; for i in $x; do echo "<$i>"; done',
    'x="  lead  trail  "; for i in $x; do echo "<$i>"; done',
    'echo "$HOME" ~ ~/x a~ "~"',
    "echo $'a\\tb' $'it\\'s'",
    'echo ${x:-"a  b"} ${x:-a  b}',
    "echo $HOME $PATH $TMPDIR",
    "x=hello.world.txt; echo ${x/o/0} ${x//o/0} ${x/#hello/bye} ${x/%txt/md} ${x/l*o/L} ${x//[lo]} ${x/zz/yy}",
    "x=abcdef; echo ${x:2} ${x:1:3} ${x: -2} ${x:0:0} ${x:10} ${x:2:-1} ${x:1+1:2*1}",
    'p="/sdcard/a b/c"; echo "${p// /_}" ${p//\\//:}',
]

HERE_DOCUMENTS = [
    "cat <<EOF\nhello $HOME\n$(echo sub) `echo tick` \\$x\nEOF",
    "cat <<'EOF'\nno $HOME `expansion`\nEOF",
    'cat <<"EOF"\nquoted $x\nEOF',
    "cat <<-EOF\n\tindented\n\tEOF",
    "cat <<A; cat <<B\none\nA\ntwo\nB",
    'cat <<<"here $HOME"',
    'read a b <<< "one two three"; echo "$a|$b"',
    "cat <<EOF",
    'while read line; do echo "[$line]"; done <<EOF\nl1\nl2\nEOF',
    "cat <<EOF | wc -l\n1\n2\nEOF",
]

REDIRECTIONS = [
    "echo to-err >&2",
    "echo to-err 1>&2 2>/dev/null",
    "ls /nope 2>&1",
    "ls /nope 2>/dev/null; echo $?",
    "exec 2>/dev/null; ls /nope; echo $?",
    "exec >/data/local/tmp/exec.out; echo hidden; cat /data/local/tmp/exec.out >&2",
    "exec echo replaced; echo never",
    f"cat < {G}/a.txt",
    f'read x < {G}/a.txt; echo "[$x]"',
    "echo one > /data/local/tmp/r.txt; echo two >> /data/local/tmp/r.txt; cat /data/local/tmp/r.txt",
    "echo x > /data/local/tmp/nodir/f",
    "cat < /nope; echo $?",
    "{ echo grouped; } > /data/local/tmp/grp.txt; cat /data/local/tmp/grp.txt",
    "for i in 1 2; do echo $i; done > /data/local/tmp/loop.txt; cat /data/local/tmp/loop.txt",
    "echo x >&3",
]

BUILTINS = [
    "pwd; cd /data/local; pwd; cd tmp; pwd; cd ..; pwd",
    "cd /nonexistent; echo $?",
    f"cd {G}/a.txt",
    "cd /data; echo $PWD $OLDPWD; cd -",
    'echo "a\\tb"; echo -n no-newline; echo; echo -e "x\\ty"; echo -E "raw\\t"; echo -- -n; echo "stop\\cnot"',
    'print "a\\tb"; print -r "raw\\t"; print -n x; print; print -- -n',
    'read x <<< "back\\\\slash"; echo "$x"; read -r y <<< "back\\\\slash"; echo "$y"',
    'echo "a b c" | { read x y; echo "$x|$y"; }',
    "read x < /dev/null; echo $?",
    'echo a | { read x; read y; echo "$x [$y] $?"; }',
    'IFS= read -r l <<< "  lead trail  "; echo "[$l]"; read l <<< "  lead trail  "; echo "[$l]"',
    "read; echo $REPLY",
    'eval "echo one; echo two"; eval false; echo $?',
    'cmd="echo evaluated"; eval $cmd',
    'eval "fi"; echo after',
    "set -e; false; echo not-reached",
    "set -e; false || echo recovered; if false; then :; fi; ! true; echo reached",
    "set -e; x=$(false); echo not-reached",
    "set -- a b c; shift; echo $@; shift 2; echo $#",
    "set -- a b c; n=2; shift n; echo $@; shift done; echo $?; shift -z",
    "pwd 's q'; echo $?; pwd -P",
    "cd /data/local/tmp; cd local system; echo $?; cd tmp g; pwd; cd x y z",
    "cd -n; echo $?; cd -LP /data; pwd; cd -- /; pwd",
    "set -- a b c; shift b if {a,b} x=; echo $#",
    "echo a | ! grep -q b && echo negated-stage; ! echo a | grep -q a; echo $?",
    "return x y 2>&1; echo not-reached",
    "exit 1 2 2>/dev/null",
    "shift 2>&1",
    "shift; echo after",
    'export A=1; sh -c "echo \\$A"',
    'B=2 sh -c "echo [\\$B]"; echo "[$B]"',
    'unset HOME; echo "[$HOME]"',
    "x=1; unset x; echo ${x-unset}",
    "type echo cd ls if nosuch; echo $?",
    "type local type export",
    "command -v ls echo cd; command -v nosuch; echo $?",
    "whence -v ls; whence echo; f() { :; }; whence -v f; command -V f",
    "command ls /nope; command echo hi",
    "true; echo $?; false; echo $?; :; echo $?",
    "[ 1 -eq 1 ] && test -n x && echo tests",
    "[[ -n x && a == a* ]] && echo ok; [[ b < a ]]; echo $?; [[ ! -d /nope ]] && echo no-dir",
    "((3 > 2)) && echo yes; ((0)); echo $?",
    "let x=3+4; echo $x $?; let y=0; echo $?",
    "exit 3",
    "exit foo",
    "exit 1 2",
    "return 2; echo after",
    "break; echo after $?",
    "trap 'echo trapped' EXIT; echo body",
    "trap '' INT; trap 'echo t' TERM; trap",
    "wait; echo $?",
    'sh -c "echo \\$0 \\$1 \\$#" zero one two',
    'sh -c "exit 5"; echo $?',
    "sh -c 'nosuch' name; sh -c 'fi'; sh -c 'cd /nope'; /system/bin/sh -c 'nosuch'",
    'echo $$ | grep -c "^[0-9][0-9]*$"',
    "echo $-; set -e; echo $-",
    "set -x; echo traced",
    "set -u; echo $nope; echo after",
    'set -o pipefail; false | true; echo $?; set +o pipefail; false | true; echo $?',
    "cd /data/local/tmp; set -C; echo a > clob; echo b > clob; echo $?; echo c >| clob; cat < clob",
    'set -a; V=1; sh -c "echo [\\$V]"',
    'set -o nosuch; echo $?',
    'set -q',
    'false | true; echo $PIPESTATUS',
    'set -aCefux; echo $-',
]

SYNTAX_ERRORS = [
    "fi",
    "if true; then",
    "if true; then fi",
    "for x in a; do echo",
    "while true; do",
    "until false; do",
    "case a in",
    "( echo",
    "{ echo;",
    "echo $(echo",
    'echo "open',
    "echo 'open",
    "echo ${x",
    "echo `echo",
    "echo a &&",
    "echo a |",
    "echo a | |",
    "echo a; ;",
    "echo a;;",
    "a)",
    "done",
    "then",
    "}",
    "echo 1\nfi",
    "echo a >",
    "if; then echo; fi",
    "while; do :; done",
    "if then fi",
    "{ }",
    "()",
    "nosuchcommand",
    "nosuchcommand; echo $?",
    "x=1 nosuch; echo $x",
    "/system/bin/nosuch",
    "case a in >",
    "case a in 2>&1",
    "case esac x='a b'",
    'case a in "a"b) ;; esac esac',
    'for "x" in a; do :; done',
    "for ! in a; do :; done",
    "for ; do",
    "case",
    "for",
    "for x",
    "echo | !",
]


#: Quoting, lists, brace expansion and their combinations with the rest.
COMBINATIONS = [
    'exec nosuch; echo after',
    'exec 3>&-; echo closed',
    'echo hi; exit',
    'false; exit',
    'x=1; f() { x=2; }; f; echo $x',
    'f() { echo $0 $1; }; f a',
    'f() { exit 3; }; f; echo no',
    '(f() { echo inner; }; f); f',
    'echo a\\\nb',
    'echo "a\\\nb"',
    "echo 'a\\\nb'",
    'echo a # comment\necho b',
    'echo a#b #c',
    'echo $(echo a # comment\n)',
    'x=5; while [ $x -gt 0 ]; do x=$((x-2)); done; echo $x',
    'for i in 1 2 3; do echo $i; done | tail -n 1',
    'echo $((1 + $(echo 2)))',
    'a=3; b=4; echo $((a*b)) $(( a > b ? a : b ))',
    'n=0; for f in /data/local/tmp/g/*; do n=$((n+1)); done; echo $n',
    'ls /data/local/tmp/g/*.txt | wc -l',
    'cat /data/local/tmp/g/[a-b].txt',
    'echo /data/local/tmp/g/sub/*',
    'echo /data/local/tmp/nope/*',
    'cd /data/local/tmp/g; echo ../g/a*',
    'test -e /data/local/tmp/g/a.txt && echo 1 || echo 0',
    '[ -e /data/local/tmp/g/zz ] && echo exists || echo missing',
    'echo "${HOME}/x" "$HOME"x "${PATH%%:*}"',
    'echo ${#HOME} ${HOME:+set}',
    'set -- $(echo 1 2 3); echo $2',
    'IFS=,; set -- a,b,c; echo $2; echo "$*"',
    'echo "$@"; echo "[$@]"',
    'v="a b"; set -- $v; echo $#',
    'read -r line <<EOF\n  spaced  \nEOF\necho "[$line]"',
    'echo `echo \\`echo nested\\``',
    'x=1; echo "`echo $x`"',
    'echo "\\$x \\` \\\\ \\a"',
    'echo \'\\n\' "\\n"',
    "echo $'\\x41\\101'",
    'if (exit 1); then echo t; else echo f; fi',
    '! false && echo negated',
    'true && false || echo fallback',
    'false && echo no; echo $?',
    'echo a && echo b || echo c && echo d',
    'cat /nope || echo failed $?',
    'case 5 in [0-9]) echo digit;; esac',
    'case abc in *b*) echo contains;; esac',
    'case "" in "") echo empty;; esac',
    'x=abc; case $x in $x) echo self;; esac',
    'echo {a,b}',
    'echo a{b,c}d',
    'echo {a,b}{1,2} x{a,{b,c}}y {a} {a,} {,} {} "{a,b}" \\{a,b} {a,b',
    'x=1; echo {$x,2} ${x}{a,b}',
    'mkdir -p /data/local/tmp/br && cd /data/local/tmp/br && echo > {a,b}.txt; echo *',
    'echo "${HOME}/x" "$HOME"x "${PATH%%:*}" "${PATH/:*}"',
    'x="a*b"; echo "${x#a\\*}" "${x#"a*"}" ${x%\\*b}',
]


#: ``test``/``[`` and ``[[ ]]`` (mksh's ``c_test``), arithmetic and its errors.
TESTS_AND_ARITHMETIC = [
    '[ -L /sdcard ]; echo $?; [ -h /sdcard ]; echo $?',
    '[ -r /data/local/tmp/g/a.txt ] && [ -w /data/local/tmp/g/a.txt ] && [ -x /data/local/tmp/g ]; echo $?',
    '[ /data/local/tmp/g/a.txt -nt /data/local/tmp/g/b.txt ]; echo $?',
    '[ 1 -eq ]; echo $?',
    '[ ]; echo $?',
    '[ -z ]; echo $?',
    'test; echo $?',
    '[ a = ]; echo $?',
    '[ a == a ]; echo $?',
    '[ a \\< b ]; echo $?',
    '[ ! -e /nope -a -d / ]; echo $?',
    '[ -e /nope -o -d / ]; echo $?',
    '[ \\( 1 -eq 1 \\) ]; echo $?',
    '[ -n "" -o -z "" ]; echo $?',
    '[ 1 -lt 2 -a 3 -gt 4 ]; echo $?',
    '[ abc ]; echo $?; [ "" ]; echo $?',
    '[ 01 -eq 1 ]; echo $?',
    '[ " 1" -eq 1 ]; echo $?',
    '[ 1 -eq 1 ] extra; echo $?',
    '[ -f ]; echo $?',
    '[ -t 0 ]; echo $?',
    '[ -s /data/local/tmp/g/a.txt ]; echo $?',
    '[ -p /x ]; echo $?',
    'x="a*"; [[ $x == "a*" ]] && echo literal; [[ abc == $x ]] && echo pattern; [[ abc == "$x" ]] || echo quoted-no',
    '[[ -e /data/local/tmp/g/a.txt ]] && echo e; [[ x ]] && echo str; [[ ( a == a ) && ( b != c ) ]] && echo paren',
    'if true; then cat <<EOF\nin if\nEOF\nfi',
    'echo $(( 1 + )); echo after',
    'echo $(( x y )); echo after',
    'echo $(( 08 )); echo after',
    'echo $(( 2 ** 3 ))',
    "echo $(( /data/a.txt )); echo $(( 1 + . ))",
    "set -- a b c; shift /data/local/tmp/g/?.txt",
    'x=3; echo $(( x << 2 )) $(( x ^ 1 )) $(( x | 4 )) $(( x & 1 )) $(( x == 3 )) $(( x != 3 ))',
    'echo $((-2147483648 / -1)) $((5 % -3))',
    'x=foo; echo $((x))',
    'x=2+3; echo $((x * 2))',
]


#: Scripts of several lines, as pushed files or ``adb shell`` with newlines carry them; nested shells.
SCRIPTS = [
    'x=$(cat <<EOF\nhi there\nEOF\n); echo "[$x]"',
    'f() {\n  local a=$1\n  echo "a=$a"\n}\nf 1\nf 2',
    'for f in /data/local/tmp/g/*.txt\ndo\n  case "$f" in\n    *a.txt) echo "A: $f" ;;\n'
    '    *) echo "other: ${f##*/}" ;;\n  esac\ndone',
    'if [ -d /data ]\nthen\n  echo yes\nelse\n  echo no\nfi',
    'cat > /data/local/tmp/s.sh <<\'EOF\'\necho "in script: $1"\nexit 3\nEOF\n'
    'sh /data/local/tmp/s.sh arg; echo "status $?"',
    'echo start\n# a comment line\n\n  echo indented\necho end',
    'i=0\nwhile [ $i -lt 5 ]\ndo\n  i=$((i + 1))\n  [ $i -eq 2 ] && continue\n  [ $i -eq 4 ] && break\n  echo $i\ndone',
    'x=1\ny=$((x + 1)); z=$(( y * 3 ))\necho $x $y $z',
    'echo one \\\n  two \\\n  three',
    'cat <<EOF | while read a b; do echo "$b-$a"; done\n1 one\n2 two\nEOF',
    'v=$(echo "multi\nline"); echo "$v" | wc -l',
    'set -- $(echo "a b c"); echo $#; echo "${2}"',
    'a="x"; b="${a}y${a}"; echo $b ${#b}',
    'echo "$(echo "inner \\"quoted\\"")"',
    'echo "${x:-$(echo sub)}" ${x:-`echo tick`}',
    'x=5; echo $(( x > 3 && x < 10 ? 1 : 0 ))',
    'echo $(( $(echo 3) * 2 ))',
    'sh -c \'echo "$@"\' sh a b c',
    'sh -c \'for a; do echo "[$a]"; done\' zero "x y" z',
    'sh /data/local/tmp/nope.sh; echo $?',
    "cat > /data/local/tmp/e.sh <<'EOF'\necho one\nnosuch\nif true; then\n  cd /nope\n"
    'fi\necho ${x:?unset here}\nEOF\nsh /data/local/tmp/e.sh; echo "status $?"',
    'cat > /data/local/tmp/f.sh <<\'EOF\'\necho ok\nfi\nEOF\nsh /data/local/tmp/f.sh; echo "status $?"',
    'echo "echo \\$((1/0))" > /data/local/tmp/m.sh; sh /data/local/tmp/m.sh',
]


@pytest.mark.parametrize("line", ANDROIDWORLD)
def test_androidworld_scripts(pair: Pair, line: str) -> None:
    same(pair, line)


def test_androidworld_clear_directory_globs(pair: Pair) -> None:
    """``file_utils.clear_directory``: ``rm -r DIR/*`` removes what ``*`` matches (not the dot files)."""
    folder = "/data/local/tmp/clear"
    for name in ("one.txt", "two words.jpg", ".keep", "sub/inner.txt"):
        pair.write(f"{folder}/{name}", b"x")
    same(pair, f"rm -r {folder}/*; echo {folder}/* {folder}/.*")
    assert not pair.phone.exists(f"{folder}/one.txt") and pair.phone.exists(f"{folder}/.keep")


@pytest.mark.parametrize("line", GLOBBING)
def test_globbing(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", LOOPS)
def test_loops(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", CASE)
def test_case(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", GROUPS_AND_FUNCTIONS)
def test_groups_subshells_and_functions(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", SUBSTITUTIONS)
def test_substitutions(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", PARAMETERS)
def test_parameters(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", HERE_DOCUMENTS)
def test_here_documents(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", REDIRECTIONS)
def test_redirections(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", BUILTINS)
def test_builtins(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", SYNTAX_ERRORS)
def test_syntax_errors(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", COMBINATIONS)
def test_combinations(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", TESTS_AND_ARITHMETIC)
def test_test_and_arithmetic(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize("line", SCRIPTS)
def test_scripts(pair: Pair, line: str) -> None:
    same(pair, line)


@pytest.mark.parametrize(("line", "stdin"), [
    ("/system/bin/sh -s a b", b'echo "$0 $1 $#"\nnosuch\n'),
    ("sh", b"echo one\nfi\n"),
    ("/system/bin/sh", b"echo $0; nosuch\nif true; then\n  cd /nope\nfi\n"),
    ("cat", b"piped\n"),
    ("read a; read b; echo $b $a", b"1\n2\n"),
    ("while read l; do echo [$l]; done", b"x\ny\n"),
    ("sh", b"echo from stdin script; exit 3\n"),
    ("cat; cat", b"once\n"),
])
def test_the_lines_standard_input(pair: Pair, line: str, stdin: bytes) -> None:
    same(pair, line, stdin)


@pytest.mark.parametrize("line", ["set", "export", "export -p", 'echo "$IFS" $PS1 $PS2 $PS4 $OPTIND $PWD $USER_ID'])
def test_the_variables_mksh_sets(pair: Pair, line: str) -> None:
    """mksh's own variables (``main.c``); process ids and times differ from run to run (``SECONDS``, the shell's
    age, reaches 1 on a loaded machine: CI's compat stage saw it), ``LANG`` is the harness's (adbd does not set it),
    ``KSH_VERSION`` names Debian's build."""
    real, simulated = pair.both(line)
    changing = re.compile(r"(?m)^(export )?(BASHPID|EPOCHREALTIME|KSH_VERSION|LANG|PGRP|PPID|RANDOM|SECONDS)\b.*\n")
    out, err, status = android(real)
    assert (changing.sub("", simulated.text()[0]), *simulated.text()[1:]) == (changing.sub("", out), err, status)


@pytest.mark.parametrize("line", [
    f"{G}/a.txt; echo $?",
    f"{G}; echo $?",
    '"$x"; echo $?',
    "/data/local/tmp/nope; echo $?",
    "/system/bin/nope; echo $?",
    "/data/local/tmp/run.sh one 'two words'; echo $?",
    "cd /data/local/tmp && ./run.sh; echo $?",
    "/data/local/tmp/elf; echo $?",
])
def test_commands_named_by_their_path(pair: Pair, line: str) -> None:
    pair.write("/data/local/tmp/run.sh", b'#!/system/bin/sh\necho "$0: $1 $#"; exit 4\n', mode=0o755)
    pair.write("/data/local/tmp/elf", b"\x7fELF\x02\x01", mode=0o755)
    real, simulated = pair.both(line)
    if "elf" in line:  # the chroot runs it and fails to; the simulator runs no binaries and says so
        assert simulated.text()[1] == "/system/bin/sh: /data/local/tmp/elf: can't execute: ELF binaries are not " \
            "simulated\n"
        return
    assert simulated.text() == android(real)


def test_a_script_without_interpreter_line_runs_with_system_bin_sh(phone: SimDevice) -> None:
    # AOSP builds mksh with MKSH_DEFAULT_EXECSHELL="/system/bin/sh" (Debian's runs /bin/sh, absent in the chroot)
    phone.write_file("/data/local/tmp/plain.sh", b"echo plain $1\n")
    os.chmod(phone.system.fs.host("/data/local/tmp/plain.sh"), 0o755)
    assert phone.shell_exit("/data/local/tmp/plain.sh x") == ("plain x\n", 0)
    os.chmod(phone.system.fs.host("/data/local/tmp/plain.sh"), 0o644)
    assert phone.shell_exit("/data/local/tmp/plain.sh") == (
        "/system/bin/sh: /data/local/tmp/plain.sh: can't execute: Permission denied\n", 126)


def test_logcats_exec_line(pair: Pair) -> None:
    """What ``adb logcat`` sends: ``export ANDROID_LOG_TAGS=...; exec logcat ...`` (here with a command both have)."""
    same(pair, "export ANDROID_LOG_TAGS='' ; exec echo $ANDROID_LOG_TAGS done; echo never")


# -- what the simulator has not, said so --------------------------------------------------------------------------


@pytest.fixture
def phone() -> Iterator[SimDevice]:
    with SimDevice() as device:
        yield device


@pytest.mark.parametrize(("line", "error"), [
    ("echo ${x[1]}", "/system/bin/sh: ${x[1]}: not simulated\n"),
    ("echo ${!x}", "/system/bin/sh: ${!x}: not simulated\n"),
    ("select x in a; do :; done", "/system/bin/sh: select: not simulated\n"),
    ("getopts ab x", "/system/bin/sh: getopts: builtin not simulated\n"),
    ("alias ll='ls -l'", "/system/bin/sh: alias: builtin not simulated\n"),
    ("typeset -i n=1", "/system/bin/sh: typeset: -i: option not simulated\n"),
    ("echo a |& cat", "/system/bin/sh: |&: co-processes are not simulated\n"),
    ("x[1]=a", "/system/bin/sh: x[1]=a: arrays are not simulated\n"),
    ("set -A x a b", "/system/bin/sh: set: -A: arrays are not simulated\n"),
    ("set -o posix", "/system/bin/sh: set: posix: option not simulated\n"),
    ("readonly x=1", "/system/bin/sh: readonly: builtin not simulated\n"),
    ("trap x NOPE", "/system/bin/sh: trap: bad signal 'NOPE'\n"),
])
def test_what_mksh_has_and_the_simulator_not_is_an_error_naming_it(phone: SimDevice, line: str, error: str) -> None:
    # ("bad signal 'NOPE'" is R59c's wording, funcs.c Tbad_sig_ss; Debian's later mksh says "bad signal: NOPE")
    out, err, status = phone.shell_streams(line)
    assert (out, err.decode()) == (b"", error) and status != 0


def test_sleep_is_mksh_builtin_as_aosp_builds_it(phone: SimDevice) -> None:
    # AOSP builds external/mksh with HAVE_SELECT=1, which gives mksh's sleep builtin (funcs.c mkshbuiltins);
    # Debian's mksh finds sleep on PATH instead
    assert phone.shell("type sleep cat") == "sleep is a shell builtin\ncat is a tracked alias for /system/bin/cat\n"


def test_endless_recursion_ends_the_script_as_mksh_crashing_does(phone: SimDevice) -> None:
    # mksh recurses until its stack overflows (SIGSEGV: 139); the simulator stops sooner and says why
    assert phone.shell_streams("f() { f; }; f; echo never") == (
        b"", b"/system/bin/sh: nesting too deep for the simulated shell\n", 139)
    assert phone.shell("g() { [ $1 -gt 0 ] && g $(($1 - 1)) || echo bottom; }; g 30") == "bottom\n"


def test_background_runs_in_the_foreground(phone: SimDevice) -> None:
    # one process: "&" cannot run concurrently, so its command runs before the next (mksh may print "b" first)
    assert phone.shell("echo a & echo b; wait") == "a\nb\n"


# -- the parser and the pure parts of expansion -------------------------------------------------------------------


def test_a_script_is_parsed_once_and_its_lines_in_order() -> None:
    script = "echo a; if true; then echo b; fi\nfi"
    nodes = sh_parse.parse(script)
    assert sh_parse.parse(script) is nodes  # cached: the same lines come back at every step
    first, failure = nodes
    assert isinstance(failure, sh_parse.SyntaxFailure) and failure.line == 2
    assert str(failure.error) == "syntax error: unexpected 'fi'"
    assert isinstance(first, sh_parse.Line) and first.line == 1
    assert isinstance(first.body[1].first.commands[0], sh_parse.If)
    (single,) = sh_parse.parse("echo a")  # one line: no line numbers to keep
    assert isinstance(single, sh_parse.AndOr)


def test_plain_words_expand_to_themselves_without_work() -> None:
    (and_or,) = sh_parse.parse("input tap 10 20")
    words = and_or.first.commands[0].words
    assert [w.literal for w in words] == ["input", "tap", "10", "20"]
    (and_or,) = sh_parse.parse("echo $x *.txt ~ 'a*'")
    assert [w.literal for w in and_or.first.commands[0].words] == ["echo", None, None, None, "a*"]


@pytest.mark.parametrize(("expr", "value"), [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("-7 / 2", -3), ("-7 % 3", -1), ("2147483647 + 1", -2147483648),
    ("1 << 31", -2147483648), ("0x10 + 2#101 + 8#7", 28), ("1 ? 2 : 3", 2), ("0 || 0 && 1", 0), ("~5", -6),
    ("x = 4, x", None), ("", 0), ("y * 2", 6), ("z", 6),
])
def test_arithmetic_is_mksh_32_bit(expr: str, value: int | None) -> None:
    variables = {"y": "3", "z": "y * 2"}
    if value is None:
        with pytest.raises(sh_parse.ArithError):
            sh_parse.arith(expr, lambda n: variables.get(n, ""), variables.__setitem__)
        return
    assert sh_parse.arith(expr, lambda n: variables.get(n, ""), variables.__setitem__) == value


def test_a_bad_number_is_named_as_r59c_names_it() -> None:
    # expr.c evalerr ET_BADLIT: "EXPR: bad number 'LITERAL'" (Debian's later mksh: "0x: bad number: Invalid argument")
    with pytest.raises(sh_parse.ArithError, match=r"^1 \+ 0x: bad number '0x'$"):
        sh_parse.arith("1 + 0x", lambda n: "", lambda n, v: None)


def test_arithmetic_assigns_and_reports_mksh_errors() -> None:
    variables: dict[str, str] = {}
    assert sh_parse.arith("n += 5", lambda n: variables.get(n, ""), variables.__setitem__) == 5
    assert variables == {"n": "5"}
    with pytest.raises(sh_parse.ArithError, match="1/0: zero divisor"):
        sh_parse.arith("1/0", lambda n: "", lambda n, v: None)
    with pytest.raises(sh_parse.ArithError, match="unexpected 'end of expression'"):
        sh_parse.arith("1+", lambda n: "", lambda n, v: None)


@pytest.mark.parametrize(("value", "pattern", "op", "result"), [
    ("/a/b/c.txt", "*/", "#", "a/b/c.txt"), ("/a/b/c.txt", "*/", "##", "c.txt"),
    ("/a/b/c.txt", "/*", "%", "/a/b"), ("/a/b/c.txt", "/*", "%%", ""), ("abc", "x", "#", "abc"),
])
def test_trimming_patterns(value: str, pattern: str, op: str, result: str) -> None:
    assert sh_parse.trim(value, pattern, op) == result


def test_quoted_pattern_characters_match_themselves() -> None:
    pattern = sh_parse.pattern_text([("*", False), ("*", True)])
    assert sh_parse.matches(pattern, "*anything") and not sh_parse.matches(pattern, "anything")


#: Background lists: ``$!``, ``wait``'s statuses (a list that ends by itself runs to its end at once here, so only
#: lines whose output does not depend on when it runs); ``kill`` is left to tests/test_sim_shell.py, since the
#: harness runs no line that signals processes of the host.
BACKGROUND = [
    "true & wait $!; echo $?",
    "false & wait $!; echo $?",
    "(exit 3) & wait $!; echo $?",
    "(exit 3) & wait; echo $?",
    "wait %3; echo $?",
    "wait 99999; echo $?",
    "x=1; x=2 & wait; echo $x",
    "echo $! | grep -c .; true & echo $! | grep -c .",
    "echo a & wait; echo b",
    "sleep 0.2 & P=$!; wait $P; echo $?",
]


@pytest.mark.parametrize("line", BACKGROUND)
def test_background_lists(pair: Pair, line: str) -> None:
    same(pair, line)
