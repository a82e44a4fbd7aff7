"""Command line: ``advise`` (one hand, readable text or JSON), ``points``, ``skip`` and ``batch``
(JSON lines exactly as INTERFACES.md). The only module of the package that does I/O."""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, BinaryIO, NoReturn, TextIO

from solver.analysis import (
    Analysis,
    analyse,
    best_draw,
    best_phase,
    draw_advice,
    leftover_points,
    open_phases,
)
from solver.cards import Card, Deck, parse_hand
from solver.errors import SolverError
from solver.explain import (
    LANGUAGES,
    explain_analysis,
    explain_draw,
    explain_error,
    explain_skip,
    message,
)
from solver.odds import DrawAdvice, DrawReason
from solver.rules import MOST_SKIPS, RULESETS, Ruleset, ruleset
from solver.skips import Opponent, skip_advice


def exit_with(main: Callable[[], int]) -> NoReturn:
    """Runs a command line's ``main`` and exits with its status. A reader that went away
    (``| head``) ends it quietly with status 1, as Unix tools do, not with a traceback; every
    package's ``python -m`` uses this. An output that cannot be written (a full disk, stdout
    closed with ``>&-``) is said in one line on stderr, status 1."""
    if sys.stdout is None:  # started with stdout closed: every answer would be lost unsaid
        print("error: cannot write the output: standard output is closed", file=sys.stderr)
        sys.exit(1)
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        status = 1
    except OSError as error:
        if error.errno not in _WRITE_ERRORS:
            raise
        _drop_stdout()
        print(f"error: cannot write the output: {error.strerror or error}", file=sys.stderr)
        status = 1
    sys.exit(status)


# What writing stdout raises when it cannot go on; any other OSError is no output's.
_WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EBADF})


def _drop_stdout() -> None:
    """Python would hit the unwritable stdout again when it flushes it on the way out."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


_RULE_OPTIONS = ("naturals", "wrap", "going_out", "skips", "decks", "phases", "extra_phases",
                 "free_choice", "parity")


def _add_rule_flags(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="mattel",
                        help=f"one of {', '.join(RULESETS)} (default %(default)s)")
    parser.add_argument("--naturals", type=int, default=1,
                        help="natural cards every group needs (default 1)")
    parser.add_argument("--wrap", action="store_true", help="runs may wrap from the top to 1")
    parser.add_argument("--going-out", default="either", choices=["either", "discard"],
                        help="either: out by discard or by hitting; discard: a turn ends with "
                             "a discard")
    parser.add_argument("--skips", default=None,
                        help="'off', or how many skip cards the deck has")
    parser.add_argument("--decks", type=int, default=None, help="classic: decks shuffled together")
    add_phase_flags(parser)
    parser.add_argument("--parity", default="all", choices=["all", "even", "odd"],
                        help="play only the even or only the odd phases")


def skips_option(text: str, name: str = "--skips") -> bool | int:
    """The skips option as written on the command line or a batch line: 'off', 'on' or a count.

    >>> skips_option("off"), skips_option("On"), skips_option("2")
    (False, True, 2)
    """
    word = text.strip().lower()
    if word in ("off", "no", "none", "false"):
        return False
    if word in ("on", "yes", "true"):
        return True
    if _ascii_number(word):
        return int(word)
    raise SolverError(f"{name} {text!r}: use 'off', 'on' or a count from 0 to {MOST_SKIPS}",
                      "skips_word", option=name, value=text, most=MOST_SKIPS)


def _rules_from(args: argparse.Namespace) -> Ruleset:
    skips = True if args.skips is None else skips_option(str(args.skips))
    return ruleset(
        args.ruleset, naturals=args.naturals, wrap=args.wrap, going_out=args.going_out,
        skips=skips, decks=args.decks, phases=phase_list(args.phases), parity=args.parity,
        extra_phases=phase_list(args.extra_phases) or (),
    )


def add_phase_flags(parser: argparse.ArgumentParser, lead: str = "") -> None:
    """``--phases`` and ``--extra-phases``, read by ``phase_list``; ``lead`` starts their help
    (``vision read`` takes them with ``--table`` only)."""
    parser.add_argument("--phases", default=None, metavar="LIST",
                        help=f"{lead}custom phase list replacing the ruleset's, ';'-separated, "
                             "e.g. 'set 3 + run 4; colour 7'")
    parser.add_argument("--extra-phases", default=None, metavar="LIST",
                        help=f"{lead}phases 11, 12, ... appended to the list, ';'-separated")


def phase_list(text: str | None) -> list[str] | None:
    """A phase list as the command lines take it, ';'-separated; None when not given.

    >>> phase_list("set 3 + run 4; colour 7;"), phase_list(None)
    (['set 3 + run 4', 'colour 7'], None)
    """
    if text is None:
        return None
    return [p.strip() for p in text.split(";") if p.strip()]


# A table group written out, in the cards of the game's deck.
_TABLE_EXAMPLE = {Deck.PHASE10: "run: W R4 R5", Deck.STANDARD: "run: 3H 4H 5H"}


def _table_arg(values: Sequence[str], deck: Deck) -> list[Any]:
    groups: list[Any] = []
    for value in values:
        text = value.strip()
        if text.startswith(("[", "{")):
            try:  # read as a batch line is: a traceback was the answer to what it refuses
                data = json.loads(text, parse_constant=_no_constant, parse_int=_whole_number)
            except json.JSONDecodeError as error:
                raise SolverError(f"--table is not valid JSON: {error.msg}", "table_json",
                                  detail=error.msg) from None
            except RecursionError:
                raise SolverError("--table is not JSON that can be read: nested too deeply",
                                  "table_nested") from None
            except ValueError as error:  # NaN, Infinity, a number of thousands of digits
                raise SolverError(f"--table is not valid JSON: {error}", "table_json",
                                  detail=str(error)) from None
            groups.extend(data if isinstance(data, list) else [data])
        else:
            kind, sep, cards = text.partition(":")
            if not sep:
                raise SolverError(f"--table {value!r}: write '{_TABLE_EXAMPLE[deck]}' or JSON",
                                  "table_syntax", value=value, example=_TABLE_EXAMPLE[deck])
            groups.append({"kind": kind.strip(), "cards": [str(c) for c in parse_hand(cards)]})
    return groups


def _fmt(p: object) -> str:
    return f"{float(p):.1%}"  # type: ignore[arg-type]


def render(analysis: Analysis) -> str:
    """Readable text of an analysis."""
    lines = [f"{analysis.ruleset}, phase {analysis.phase} ({analysis.requirement})"]
    if analysis.complete:
        if analysis.before_draw:  # the play waits for the draw, which brings the discard
            # Down with nothing to hit, "after the draw, hit:" was followed by nothing (audit).
            lines.append("Draw first; after the draw, " + (
                "lay your phase:" if not analysis.down
                else "hit:" if analysis.hits else "nothing of this hand goes onto the table."))
        elif analysis.down:
            lines.append("Your phase is down: hit and discard.")
        else:
            lines.append("You can lay your phase:")
        for group in analysis.laydown:
            lines.append(f"  {group}")
        for hit in analysis.hits:
            extra = f" (as {hit.stands_for})" if hit.stands_for is not None else ""
            lines.append(f"  hit {hit.card} on table group {hit.group + 1}{extra}")
        if analysis.discard is not None:
            lines.append(f"Discard {analysis.discard}.")
        if analysis.before_draw:
            lines.append("Which card to discard depends on the card you draw: ask again "
                         "with it.")
        elif analysis.goes_out:
            lines.append("You go out.")
        else:
            left = " ".join(str(c) for c in analysis.remaining)
            lines.append(f"Left in hand: {left} ({analysis.remaining_points} points)")
        return "\n".join(lines)
    if analysis.distance is None:
        lines.append(f"Not complete: phase {analysis.phase} needs a hand of at least "
                     f"{analysis.hand_needed} cards; this one holds {len(analysis.hand)}.")
        if analysis.before_draw:  # no discard is weighed before the draw
            return "\n".join(lines)
    elif analysis.before_draw:
        cards = "card" if analysis.distance == 1 else "cards"
        lines.append(f"Not complete: {analysis.distance} {cards} missing. Draw first; "
                     f"completing on this draw: {analysis.completing_text()} "
                     f"({analysis.outs} of {analysis.unseen} unseen cards).")
        return "\n".join(lines)
    else:
        cards = "card" if analysis.distance == 1 else "cards"
        lines.append(f"Not complete: {analysis.distance} {cards} missing. "
                     f"Completing after the discard: {analysis.completing_text()}.")
    # The card the player is told (the JSON keeps INTERFACES.md's tie-break, which may be a
    # Wild where the explanation below says to discard another card instead).
    lines.append(f"Discard {analysis.advised}.  ({analysis.unseen} cards unseen)")
    lines.append("  card   outs      p1      p2")
    for option in analysis.discards:
        mark = "*" if option.card == analysis.advised else " "
        lines.append(f"{mark} {str(option.card):<5}{option.outs:>5}  {_fmt(option.p1):>6}  "
                     f"{_fmt(option.p2):>6}")
    return "\n".join(lines)


_DOWN_REASONS = frozenset({DrawReason.TOP_HITS, DrawReason.TOP_DOES_NOT_HIT,
                           DrawReason.ANY_DRAW_HITS})


def render_draw(advice: DrawAdvice) -> str:
    if advice.p_take is None:
        return (f"Draw blind: the top card {advice.top} is a skip, which may never be taken from "
                "the discard pile.")
    verb = f"Take the {advice.top}" if advice.take else "Draw blind"
    goal = ("to hit with it at once" if advice.reason in _DOWN_REASONS
            else "to lay the phase by your next draw")
    return f"{verb} (take: {_fmt(advice.p_take)}, blind: {_fmt(advice.p_blind)} {goal})"



def _advise(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    hand = parse_hand(args.hand)
    table = _table_arg(args.table, rules.deck)
    known = parse_hand(args.known) if args.known else ()
    result: dict[str, Any] = {}
    texts: list[str] = []
    phase = 1 if args.phase is None else args.phase
    if args.done and not args.free:  # else ignored: phase 1 analysed though said to be done
        raise SolverError("--done lists the phases done under free phase choice: add --free",
                          "done_not_free")
    asked = None
    if args.free:
        phase = _free_phase(hand, rules, _phase_numbers(args.done), table, known, args.down,
                            args.top, args.phase,  # once down, the phase asked about
                            before_draw=args.before_draw)
        if args.phase is not None and args.phase != phase:  # said, as batch says it
            asked = args.phase
    if args.top is not None:  # --top '' is an empty card, as in batch, not no top card
        advice = draw_advice(hand, args.top, rules, phase, table, known, args.down)
        texts.append(render_draw(advice))
        texts.append(explain_draw(advice, rules, args.lang))
        if args.json:  # the batch line's "complete": of the hand as given, before the draw
            result = _draw_line(advice, phase, args.down or analyse(hand, rules, phase, table,
                                                                    known).complete)
    else:
        analysis = analyse(hand, rules, phase, table, known, args.down,
                           before_draw=args.before_draw)
        texts.append(render(analysis))
        texts.append(explain_analysis(analysis, rules, args.lang))
        result = analysis.to_json()
    if args.json:  # the batch line, its warnings too
        warned = {} if asked is None else {"warnings": [_not_answered(asked, phase)]}
        out.write(json.dumps(result | warned) + "\n")
        return 0
    if asked is not None:
        print(f"note: {_not_answered(asked, phase, args.lang)}", file=sys.stderr)
    if args.lang != "en":  # the summary above the explanation is English only
        out.write(texts[-1] + "\n")
    else:
        out.write("\n".join(texts) + "\n")
    return 0


def _not_answered(asked: int, chosen: int, lang: str = "en") -> str:
    """The note on a free-choice question asked for a phase and answered for another: in
    English in a batch line's "warnings", in the player's language under --lang."""
    return message("note.not_answered", lang, asked=asked, chosen=chosen)


def _free_phase(hand: Sequence[Card], rules: Ruleset, done: Sequence[int],
                table: Sequence[Any], known: Sequence[Card], down: bool,
                top: str | None = None, asked: int | None = None,
                before_draw: bool = False) -> int:
    """Free phase choice: the phase a question is answered for, the best one not yet done (as
    the page declares it); with the discard pile's ``top`` before the draw, the one whose draw
    advice is best (the top card may complete another phase). Once down, only hits are left,
    whichever phase was laid: the one ``asked`` about if it is open, else the first open one."""
    left = open_phases(rules, done)  # refuses a done phase the rules lack, down or not
    if down:
        return asked if asked in left else left[0]
    if top is not None:
        return best_draw(hand, top, rules, done, table, known)[0]
    return best_phase(hand, rules, done, table, known, before_draw=before_draw)[0].phase


def _draw_line(advice: DrawAdvice, phase: int, complete: bool) -> dict[str, Any]:
    """A draw question's answer as JSON, the same from ``batch`` and ``advise --top --json``.
    INTERFACES.md wants "complete" on every line: here, of the hand as given, before the draw."""
    return {
        "complete": complete, "phase": phase, "take": advice.take, "top": str(advice.top),
        "reason": advice.reason.value,
        "p_take": None if advice.p_take is None else float(advice.p_take),
        "p_blind": float(advice.p_blind),
        "discard_after_take": None if advice.discard_after_take is None
        else str(advice.discard_after_take),
        "goes_out": advice.goes_out,
    }


def parse_opponent(text: str) -> Opponent:
    """``"Ann phase=5 down cards=3 points=120 skipped"`` → an Opponent (order free)."""
    if not text.split():
        raise SolverError("an opponent needs a name, e.g. 'Ann phase=5 down cards=3'",
                          "opponent_no_name")
    name, *fields = text.split()
    if "=" in name or name in _FLAGS:  # a forgotten name made "phase=5" a player on phase 1
        raise SolverError(f"opponent {text!r} starts with {name!r}: put the player's name first, "
                          "e.g. 'Ann phase=5 down'", "opponent_name_first", text=text, word=name)
    values: dict[str, Any] = {"name": name, "phase": 1}
    told: set[str] = set()
    for field in fields:
        key, _, raw = field.partition("=")
        if key in told:
            raise SolverError(f"{key!r} is told twice in opponent {text!r}", "opponent_twice",
                              field=key, text=text)
        told.add(key)
        if key in _FLAGS and not raw:
            values[_FLAGS[key]] = True
        elif key in _NUMBERS and _ascii_number(raw):
            values[_NUMBERS[key]] = int(raw)
        else:
            raise SolverError(f"cannot read {field!r} in opponent {text!r}; use e.g. "
                              "'Ann phase=5 down cards=3 points=120 skipped'", "opponent_field",
                              field=field, text=text)
    return Opponent(**values)


_FLAGS = {"down": "phase_down", "skipped": "already_skipped"}
_NUMBERS = {"phase": "phase", "cards": "cards_in_hand", "points": "total_points"}


def _ascii_number(text: str) -> bool:
    """Digits int() reads: str.isdigit() also passes "²" and "①", which int() refuses (a
    traceback where a clear line was due), and so are 4,300 digits (CLI fuzz audit, session
    66); no count or phase here comes near 18."""
    return text.isascii() and text.isdigit() and len(text) <= 18


def _phase_numbers(text: str) -> list[int]:
    """``--done "1,2 5"`` → [1, 2, 5]."""
    words = text.replace(",", " ").split()
    if not all(_ascii_number(word) for word in words):
        raise SolverError(f"--done {text!r}: list phase numbers, e.g. '1,2'", "done_words",
                          value=text)
    return [int(word) for word in words]


def _skip(args: argparse.Namespace, out: TextIO) -> int:
    opponents = [parse_opponent(text) for text in args.opponent]
    if not opponents:
        raise SolverError("name at least one opponent with --opponent", "skip_no_opponent")
    # An untold total counts as 0: "Skip Bo: ... fewer points (0 against 50)" was said of a
    # Bo whose points nobody gave (advice audit, session 62).
    told = [o.name for o, text in zip(opponents, args.opponent, strict=True)
            if any(field.startswith("points=") for field in text.split()[1:])]
    if told and len(told) < len(opponents):
        untold = [o.name for o in opponents if o.name not in told]
        raise SolverError(f"points= is given for {', '.join(told)} but not for "
                          f"{', '.join(untold)}: give every opponent's points, or none",
                          "skip_points_some", told=", ".join(told), untold=", ".join(untold))
    advice = skip_advice(opponents, two_player_skip_is_extra_turn=not args.no_extra_turn,
                         rules=_rules_from(args))
    if args.json:
        out.write(json.dumps({"target": advice.target, "reason": advice.reason.value}) + "\n")
    else:
        out.write(explain_skip(advice, args.lang, points_told=bool(told)) + "\n")
    return 0


def _points(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules_from(args)
    _, total = leftover_points(args.hand, rules)
    out.write(json.dumps({"points": total}) + "\n" if args.json else f"{total}\n")
    return 0


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no JSON value")


def _whole_number(digits: str) -> int:
    """int() refuses a number of thousands of digits with advice for Python programmers
    (sys.set_int_max_str_digits); said here in the batch's own words."""
    if len(digits.lstrip("-")) > sys.get_int_max_str_digits():
        raise ValueError(f"a number of {len(digits.lstrip('-'))} digits is far too long")
    return int(digits)


def _finite_number(text: str) -> float:
    """A JSON number as a float: 1e999 became infinity, echoed in an "id" as Infinity, which
    no JSON reader takes (CLI fuzz audit, session 66)."""
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return value


def _keys_once(repeated: list[str], pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, its repeated keys noted: JSON leaves them undefined and Python
    keeps the last, so '"phase": 1, ..., "phase": 2' was answered for phase 2 unsaid."""
    keys = [key for key, _ in pairs]
    repeated += sorted({key for key in keys if keys.count(key) > 1})
    return dict(pairs)


def batch_line(line: str) -> dict[str, Any]:
    """One batch input line → its output dict (``{"error": ...}`` for bad input)."""
    repeated: list[str] = []
    try:
        data = json.loads(line, parse_constant=_no_constant, parse_int=_whole_number,
                          parse_float=_finite_number,
                          object_pairs_hook=partial(_keys_once, repeated))
    except json.JSONDecodeError as error:
        # "Unterminated string starting at" already ends in "at"
        return {"error": f"not JSON: {error.msg.removesuffix(' at')} at column {error.colno}"}
    except ValueError as error:  # NaN, Infinity (Python reads them, JSON has none), huge ints
        return {"error": f"not JSON: {error}"}
    except RecursionError:
        return {"error": "not JSON that can be read: nested too deeply"}
    if not isinstance(data, dict):
        return {"error": "a batch line must be a JSON object"}
    try:
        result = _batch_object(data)
    except SolverError as error:
        result = {"error": str(error)}
    except Exception as error:  # noqa: BLE001 - the contract: one bad line never ends the batch
        result = {"error": f"could not answer this line ({type(error).__name__}: {error})"}
    # Outside harnesses tag their lines ("name", "expected"): answer them, but say what was
    # ignored, so that a misspelt key ("dwon") does not pass unnoticed.
    unknown = [f"key {key!r} given more than once: the last one counts" for key in repeated]
    unknown += [f"unknown key {key!r} ignored" for key in sorted(set(data) - _BATCH_KEYS)]
    table = data.get("table")
    for number, group in enumerate(table if isinstance(table, list) else [], start=1):
        extra = sorted(set(group) - _GROUP_KEYS) if isinstance(group, dict) else []
        unknown += [f"table group {number}: unknown key {key!r} ignored" for key in extra]
    if unknown and "error" not in result:
        result.setdefault("warnings", []).extend(unknown)
    if "id" in data:  # lets a caller match answers to questions
        result["id"] = data["id"]
    return result


_BATCH_KEYS = frozenset({"ruleset", "phase", "hand", "table", "known", "down", "options", "top",
                         "done", "id"})
# "shares": the output's own, read back; "kinds": `python -m vision read --table`'s, whose
# groups a harness passes on as they come (a warning per guessed group, table audit, session 66).
_GROUP_KEYS = frozenset({"kind", "cards", "shares", "kinds"})


def _batch_object(data: dict[str, Any]) -> dict[str, Any]:
    options = data.get("options", {})
    if not isinstance(options, dict) or set(options) - set(_RULE_OPTIONS):
        raise SolverError(f"options must be an object with keys among {', '.join(_RULE_OPTIONS)}")
    if isinstance(options.get("skips"), str):  # the command line's spelling: "off", "on", "2"
        options = {**options, "skips": skips_option(options["skips"], "options.skips")}
    name = data.get("ruleset", "mattel")
    if not isinstance(name, str):
        raise SolverError("ruleset must be a name")
    rules = ruleset(name, **options)
    hand = data.get("hand")
    if not isinstance(hand, list | str):
        raise SolverError("hand must be a list of cards")
    cards = parse_hand(hand if isinstance(hand, str) else [_token(c) for c in hand])
    table = data.get("table", [])
    known = data.get("known", [])
    if not isinstance(table, list) or not isinstance(known, list):
        raise SolverError("table and known must be lists")
    known_cards = parse_hand([_token(c) for c in known])
    down = data.get("down", False)
    if not isinstance(down, bool):
        raise SolverError("down must be true or false")
    free = rules.free_choice or "done" in data
    if "phase" not in data and not free:
        raise SolverError("phase is missing: say which phase the hand is for")
    phase = data.get("phase", 1)
    if not isinstance(phase, int) or isinstance(phase, bool):
        raise SolverError("phase must be a whole number")
    warnings = []
    if free:
        done = data.get("done", [])
        if not isinstance(done, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in done):  # true is no 1
            raise SolverError("done must be a list of phase numbers")
        chosen = _free_phase(cards, rules, done, table, known_cards, down,
                             _token(data["top"]) if "top" in data else None,
                             phase if "phase" in data else None)
        if "phase" in data and phase != chosen:  # asked for one, answered another
            warnings.append(_not_answered(phase, chosen))
        phase = chosen
    if "top" in data:
        advice = draw_advice(cards, _token(data["top"]), rules, phase, table, known_cards, down)
        line = _draw_line(advice, phase, down or analyse(cards, rules, phase, table,
                                                         known_cards).complete)
    else:
        line = analyse(cards, rules, phase, table, known_cards, down).to_json()
    if warnings:
        line["warnings"] = warnings
    return line


def _token(value: object) -> str:
    if not isinstance(value, str):
        raise SolverError(f"{value!r} is not a card token")
    return value


def _batch(inp: BinaryIO, out: TextIO) -> int:
    """Bytes in, each line decoded on its own: JSON is UTF-8 whatever the locale says, and one
    line that is not (a Latin-1 name) must not end the batch with a UnicodeDecodeError."""
    for raw in inp:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            result = {"error": f"not UTF-8 text: byte {error.start + 1} of the line is "
                               f"0x{raw[error.start]:02x}"}
        else:
            text = line.lstrip("\ufeff").strip()  # a BOM that Windows editors put first
            result = batch_line(text) if text else {"error": "empty line"}
        out.write(json.dumps(result) + "\n")
        out.flush()
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m solver",
        description="Exact Phase 10 hand analysis (mattel, zehn-phasen, classic).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    advise = sub.add_parser("advise", help="what to play with one hand",
                            description="Best play for a complete hand; odds per discard "
                                        "otherwise; with --top: take the top card or draw?")
    _add_rule_flags(advise)
    advise.add_argument("--phase", type=int, default=None, help="phase number (default 1)")
    advise.add_argument("--hand", required=True, help='cards, e.g. "R7 B7 G7 W S Y12"')
    advise.add_argument("--table", action="append", default=[],
                        help="a laid group, 'run: W R4 R5' or JSON (repeatable)")
    advise.add_argument("--known", default="", help="other cards that cannot be drawn")
    advise.add_argument("--down", action="store_true", help="your phase is already laid")
    advise.add_argument("--top", default=None,
                        help="discard-pile top: advise taking it vs drawing blind "
                             "(--hand then holds the 10 cards before the draw)")
    advise.add_argument("--before-draw", action="store_true",
                        help="--hand holds the cards before this turn's draw: what the draw "
                             "must bring, and no discard yet")
    advise.add_argument("--free", action="store_true",
                        help="free phase choice: advise the best phase not yet done")
    advise.add_argument("--done", default="", help="with --free: phases already done, '1,2'")
    advise.add_argument("--json", action="store_true", help="print the batch JSON instead")
    advise.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="language of the explanation (en, de, nl, da)")
    skip = sub.add_parser("skip", help="whom to hit with a Skip, and why",
                          description="Recommends the opponent to skip: whoever is closest to "
                                      "going out, then furthest along the phases. The "
                                      "rule options say which phases the game plays.")
    _add_rule_flags(skip)
    skip.add_argument("--opponent", action="append", default=[],
                      help="'NAME phase=N [down] [cards=N] [points=N] [skipped]' (repeatable); "
                      "cards= only once the phase is down (before, a hand holds 10); skipped: "
                      "may not be skipped now (zehn-phasen: sat out this hand already; mattel: "
                      "has a Skip waiting)")
    skip.add_argument("--no-extra-turn", action="store_true",
                      help="with one opponent a skip is not an extra turn for you")
    skip.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the reason")
    skip.add_argument("--json", action="store_true", help='print {"target", "reason"}')
    pts = sub.add_parser("points", help="penalty points of cards left in hand")
    _add_rule_flags(pts)
    pts.add_argument("--hand", required=True,
                     help="the cards; a rank alone will do ('K 7 7'): points go by rank")
    pts.add_argument("--json", action="store_true", help='print {"points": N}')
    sub.add_parser("batch", help="JSON lines on stdin → JSON lines on stdout (INTERFACES.md)",
                   description="One JSON object per input line, one per output line; a bad "
                               'line gets {"error": ...} and the batch goes on.')
    return parser


_NOTATION_ERRORS = frozenset({"card_unknown", "cards_unknown"})


def _deck_of(name: str | None) -> Deck | None:
    """The deck of the ruleset a command names, when it names a known one (as ``ruleset``
    reads names: "Zehn-Phasen" too)."""
    try:
        return ruleset(name).deck if name is not None else None
    except SolverError:
        return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "advise":
            return _advise(args, sys.stdout)
        if args.command == "points":
            return _points(args, sys.stdout)
        if args.command == "skip":
            return _skip(args, sys.stdout)
        if sys.stdin is None:  # started with stdin closed (<&-): a traceback before
            raise SolverError("cannot read the input: standard input is closed")
        return _batch(sys.stdin.buffer, sys.stdout)
    except SolverError as error:
        lang = getattr(args, "lang", "en")  # English keeps the solver's own wording
        # except how cards are written, told in the game's deck alone: a zehn-phasen player's
        # "1H" was told Phase 10 notation too, and not that an ace is A (solver audit, s63).
        deck = _deck_of(getattr(args, "ruleset", None))
        told_notation = deck is not None and error.code in _NOTATION_ERRORS
        said = str(error) if lang == "en" and not told_notation else explain_error(
            error, lang, deck)
        sys.stderr.write(f"error: {said}\n")
        return 2
