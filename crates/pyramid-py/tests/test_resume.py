"""`python -m pyramid_games.tournament --resume` against record files it did not write
(issue 29): files that are not records are refused and left as they are, reads are
bounded, lines split at `\\n` only, CRLF files stay CRLF (a whole resumed run is in
test_tournament.py). No Ray needed: these call `tournament.resume_records` (and `main`,
which refuses before starting Ray)."""

import subprocess
import sys
import textwrap

import pytest

import pyramid_games as pg
from pyramid_games import tournament

ARGS = ["card-siege", "--bot", "greedy", "--bot", "random", "--games", "4", "--seed", "5",
        "--swap-seats"]


def match():
    return pg.Match(**tournament.match_kwargs(tournament.parse_args(ARGS)))


def records(count):
    """The first ``count`` records of the match, as bytes lines with ``\\n``."""
    return [line.encode() + b"\n" for line in match().play(0, count, 1)]


def test_resume_refuses_a_file_without_any_newline_and_leaves_it_alone(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"my notes, not a record file: no newline at the end")
    with pytest.raises(tournament.TournamentError, match="line 1: a last line without"):
        tournament.resume_records(match(), str(notes))
    assert notes.read_bytes() == b"my notes, not a record file: no newline at the end"


def test_resume_cuts_a_partial_line_only_if_it_starts_the_next_record(tmp_path):
    lines = records(3)
    record = tmp_path / "games.jsonl"
    # Two games and half of the third: the half line goes.
    record.write_bytes(lines[0] + lines[1] + lines[2][:40])
    got, ending = tournament.resume_records(match(), str(record))
    assert [g.encode() + b"\n" for g in got] == lines[:2] and ending == b"\n"
    assert record.read_bytes() == lines[0] + lines[1]
    # Two games and something else: refused, nothing cut.
    tampered = lines[0] + lines[1] + lines[2][:40].replace(b"card-siege", b"card-siegX")
    record.write_bytes(tampered)
    with pytest.raises(tournament.TournamentError, match="line 3: a last line without"):
        tournament.resume_records(match(), str(record))
    assert record.read_bytes() == tampered


def test_resume_refuses_an_overlong_line_without_reading_it_all(tmp_path, monkeypatch):
    monkeypatch.setattr(tournament, "MAX_RECORD_LINE", 1000, raising=False)
    record = tmp_path / "games.jsonl"
    record.write_bytes(b"x" * 5000)
    with pytest.raises(tournament.TournamentError, match="line 1: longer than 1000 bytes"):
        tournament.resume_records(match(), str(record))
    assert record.read_bytes() == b"x" * 5000


def test_resume_of_dev_zero_is_refused_without_reading_it():
    # In a child with 1 GiB of address space, so that reading /dev/zero into memory
    # would end in MemoryError rather than take the machine's memory.
    script = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        from pyramid_games import tournament
        sys.exit(tournament.main({ARGS!r} + ["--record", "/dev/zero", "--resume"]))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120, check=False)
    assert out.returncode == 1, out.stderr
    assert out.stderr.strip() == (
        "error: /dev/zero is not a regular file: not a record file to resume")


def test_resume_reads_a_record_whose_forfeit_reason_holds_a_line_separator(tmp_path):
    # An engine that answers with U+2028 in its action: the forfeit reason quotes it, and
    # serde_json writes it unescaped.
    engine = tmp_path / "engine.sh"
    engine.write_text(textwrap.dedent("""\
        while read -r cmd rest; do
          case "$cmd" in
            pgi) echo pgiok ;;
            isready) echo readyok ;;
            go) printf 'bestaction a1\\342\\200\\250b2\\n' ;;
            quit) exit 0 ;;
          esac
        done
    """))
    kwargs = tournament.match_kwargs(tournament.parse_args(
        ["martian-chess", "--bot", f"ext:sh {engine}", "--bot", "random", "--games", "1"]))
    forfeits = pg.Match(**kwargs)
    line = forfeits.play(0, 1, 1)[0]
    assert "\u2028" in line and '"kind":"forfeit"' in line
    record = tmp_path / "games.jsonl"
    record.write_bytes(line.encode() + b"\n")
    got, _ = tournament.resume_records(forfeits, str(record))
    assert got == [line]


def test_resume_keeps_crlf_and_refuses_mixed_line_endings(tmp_path):
    lines = records(3)
    record = tmp_path / "games.jsonl"
    crlf = [line[:-1] + b"\r\n" for line in lines]
    record.write_bytes(crlf[0] + crlf[1] + crlf[2][:30])
    got, ending = tournament.resume_records(match(), str(record))
    assert len(got) == 2 and ending == b"\r\n"
    assert record.read_bytes() == crlf[0] + crlf[1]
    mixed = crlf[0] + lines[1]
    record.write_bytes(mixed)
    with pytest.raises(tournament.TournamentError,
                       match=r"line 2: ends in \\n but the lines before it in \\r\\n"):
        tournament.resume_records(match(), str(record))
    assert record.read_bytes() == mixed


def test_resume_refuses_a_line_that_is_not_utf8(tmp_path):
    lines = records(1)
    record = tmp_path / "games.jsonl"
    bad = lines[0] + b"\xff\xfe\n"
    record.write_bytes(bad)
    with pytest.raises(tournament.TournamentError, match="line 2: not UTF-8"):
        tournament.resume_records(match(), str(record))
    assert record.read_bytes() == bad

