"""``python -m vision read IMAGE... [--deck phase10|standard]`` (INTERFACES.md).

One JSON line per image, in the order given. An image that cannot be read gets an ``error`` line
and the others are still read; the exit status is 1 if any line is an error. With ``--table
RULESET`` each line also holds the groups laid on the table in the photo, as ``python -m solver
batch`` takes them.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2

from solver import RULESETS, Ruleset, SolverError, parse_card, ruleset
from solver.cli import add_phase_flags, phase_list, skips_option
from vision.deckcheck import OTHER_DECK, shows_other_deck
from vision.dedupe import Detection
from vision.draw import draw_reading
from vision.errors import ImageError, ModelError
from vision.load import Photo
from vision.model import DECKS, GREY_REFUSALS
from vision.reader import DEFAULT_PARAMS, Reader, deck_params
from vision.table import LaidTable, laid_table


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m vision", description="Read the cards in photos of a hand."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    read = commands.add_parser(
        "read",
        help="print one JSON line per image with the cards seen",
        description="Print one JSON line per image: "
        '{"image", "deck", "cards": [{"card", "confidence", "box": [x0, y0, x1, y1]}]}; '
        'an unreadable image gets {"image", "error"} and the exit status becomes 1. A photo '
        'that looks like the other deck\'s cards also gets "looks_like": that deck, and a '
        'note on stderr; a blank one (one flat colour), or a black-and-white one (colour tells '
        'Phase 10 cards and red suits apart), "cards": [] and a "warning".',
    )
    read.add_argument("images", nargs="+", metavar="IMAGE",
                      help="JPEG, PNG, WebP or HEIC photo (a name starting with - after --)")
    read.add_argument("--deck", choices=sorted(DECKS), default=None,
                      help="card deck (default: the one --table's ruleset plays, else phase10)")
    read.add_argument("--model", type=Path, help="ONNX model file (default: the deck's model)")
    read.add_argument(
        "--threshold",
        type=_peak,
        help="heatmap peak threshold, between 0 and 1 (default: the one stored in the model)",
    )
    bound = read.add_mutually_exclusive_group()
    bound.add_argument(
        "--copies",
        type=_count,
        metavar="N",
        help="copies of each face in the table's deck, as the rules count them; never more "
        "copies of a card are reported, Wilds, Skips and jokers in proportion (default "
        f"{DEFAULT_PARAMS.copies}: a Phase 10 deck, or zehn-phasen's two 52-card decks; a "
        "classic game: its number of decks, or --table classic --decks N; 0: no bound)",
    )
    bound.add_argument(
        "--deck-sets",
        type=_count,
        metavar="N",
        help="the same as --copies 2N: N Phase 10 decks, or N pairs of 52-card decks",
    )
    bound.add_argument(
        "--decks",
        type=_count,
        metavar="N",
        help="with --table classic: the standard decks shuffled together, as 'python -m solver' "
        "takes it: never more copies of a card are reported than they hold (jokers: two a "
        "deck)",
    )
    read.add_argument(
        "--without",
        type=faces_arg,
        default=frozenset(),
        metavar="TOKENS",
        help="faces the table's deck lacks, comma-separated (X: a zehn-phasen game without "
        "skips; S: Phase 10 without): no card is read as one, its next likeliest face instead",
    )
    read.add_argument(
        "--at-most",
        type=face_counts_arg,
        default=frozenset(),
        metavar="TOKEN=N",
        help="faces the table's deck holds another number of, comma-separated (X=2: a "
        "zehn-phasen deck that came with two jokers): never more of them are reported",
    )
    read.add_argument(
        "--table", choices=RULESETS, metavar="RULESET",
        help="the photos show groups laid on the table: each line also gets \"table\", the "
        "groups as 'python -m solver batch' takes them, each of the kind its cards show "
        "plainest under RULESET (one of %(choices)s; \"kinds\": all it may be, where that is "
        "a guess), and \"left_out\": the cards of groups that fit no kind and of cards lying "
        "alone, to add by hand. With --draw the groups are outlined and numbered",
    )
    read.add_argument("--skips", default=None, metavar="off|N",
                      help="with --table: 'off' for a game without its skip cards (none is "
                      "read as one), or how many the deck has (never more are reported), as "
                      "'python -m solver' takes it")
    read.add_argument("--wrap", action="store_true",
                      help="with --table: runs may go on from the top number to 1 (house rule)")
    read.add_argument("--naturals", type=_naturals, default=1, metavar="N",
                      help="with --table: natural cards each group needs, 0 to 2 (house rule; "
                      "default %(default)s)")
    # A game's own phases decide which kinds of group its table can hold, as on the page.
    add_phase_flags(read, lead="with --table: ")
    read.add_argument(
        "--draw", type=_draw_folder, metavar="DIR",
        help="also write each photo as read, with its boxes, into DIR as NAME.boxes.jpg "
        "(NAME-2.boxes.jpg for a second photo of that name; DIR made if missing)"
    )
    return parser


def _peak(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"must be a number between 0 and 1, not {text!r}")
    return value


def _naturals(text: str) -> int:
    if text not in ("0", "1", "2"):
        raise argparse.ArgumentTypeError(f"must be 0, 1 or 2, not {text!r}")
    return int(text)


def faces_arg(text: str) -> frozenset[str]:
    """Comma-separated cards in the card notation, as tokens (``--without``; the reader then
    checks that each is a face of its deck).

    >>> sorted(faces_arg("x, 10h"))
    ['10H', 'X']
    """
    try:
        return frozenset(str(parse_card(word)) for word in text.split(",") if word.strip())
    except SolverError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _skip_cards(
    table: str | None, decks: int | None, rules: Ruleset | None
) -> tuple[frozenset[str], frozenset[tuple[str, int]]]:
    """What ``--skips`` changed in the table's deck: the skip faces it has none of, and those
    it has another count of (``--without`` and ``--at-most`` for them).

    >>> _skip_cards("zehn-phasen", None, ruleset("zehn-phasen", skips=False))
    (frozenset({'X'}), frozenset())
    >>> _skip_cards("mattel", None, ruleset("mattel", skips=2))
    (frozenset(), frozenset({('S', 2)}))
    >>> _skip_cards("classic", 3, ruleset("classic", decks=3))  # three decks' six jokers
    (frozenset(), frozenset())
    """
    if table is None or rules is None:
        return frozenset(), frozenset()
    played, usual = deck_params(rules), deck_params(ruleset(table, decks=decks))
    return played.without - usual.without, played.at_most - usual.at_most


def _copies(args: argparse.Namespace, rules: Ruleset | None) -> int:
    """Copies of each face the reader allows: ``--copies``, ``--deck-sets`` or the table's
    ruleset (``--decks``), else a Phase 10 deck's two."""
    if args.deck_sets is not None:
        return int(2 * args.deck_sets)
    if args.copies is not None:
        return int(args.copies)
    return DEFAULT_PARAMS.copies if rules is None else deck_params(rules).copies


def face_counts_arg(text: str) -> frozenset[tuple[str, int]]:
    """Comma-separated ``TOKEN=N`` (``--at-most``; the reader then checks that each is a face
    of its deck, once).

    >>> sorted(face_counts_arg("x=2, s=3"))
    [('S', 3), ('X', 2)]
    """
    counts: list[tuple[str, int]] = []
    for word in filter(str.strip, text.split(",")):
        faces, equals, count = word.partition("=")
        if not equals or not count.strip().isdecimal() or len(face := faces_arg(faces)) != 1:
            raise argparse.ArgumentTypeError(f"{word.strip()!r} is not TOKEN=N, e.g. X=2")
        counts.extend((token, int(count)) for token in face)
    return frozenset(counts)


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a whole number, 0 or more, not {text!r}")
    return value


def detections_json(detections: Sequence[Detection]) -> list[dict[str, Any]]:
    return [
        {"card": str(d.card), "confidence": round(d.confidence, 3), "box": list(d.box)}
        for d in detections
    ]


# Refusals of images that were read all right: said as a "warning" beside no cards.
_READABLE_BUT_UNREAD = frozenset({"image_blank", *GREY_REFUSALS})

def table_json(table: LaidTable) -> dict[str, Any]:
    """The groups as batch lines take them (``{"kind", "cards"}``, ``"kinds"`` beside a
    guess), and the cards left out, a list a group or lone card.

    >>> from vision.table import LaidGroup
    >>> said = table_json(LaidTable((LaidGroup(("R7", "W"), ("set", "run")),
    ...                              LaidGroup(("Y9",), ("set",)))))
    >>> said["table"], said["left_out"]
    ([{'kind': 'set', 'cards': ['R7', 'W'], 'kinds': ['set', 'run']}], [['Y9']])
    """
    groups = []
    for group in table.written:
        said: dict[str, Any] = {"kind": group.kinds[0], "cards": list(group.cards)}
        if len(group.kinds) > 1:
            said["kinds"] = list(group.kinds)
        groups.append(said)
    return {"table": groups, "left_out": [list(group.cards) for group in table.left_out]}


def _read_one(reader: Reader, image: str, drawings: _Drawings | None,
              other_reader: Callable[[], Reader], table_rules: Ruleset | None = None
              ) -> dict[str, Any]:
    try:
        # Decoded once, at the size the reader reads: the deck check and the drawing decoded
        # it again, the drawing in full (a 108 MP photo just read was refused as a "bomb").
        photo = reader.load(image)
        warning = None
        try:
            detections = reader.read(photo)
        except ImageError as exc:
            if exc.code not in _READABLE_BUT_UNREAD:
                raise
            # A flat picture, or a black-and-white one of cards told by colour, is a readable image
            # whose cards cannot be told: INTERFACES.md keeps "error" (and the failing exit
            # status) for files that are no readable image.
            detections, warning = (), str(exc)
        # Nor is it the other deck's (the other model was loaded to say so).
        other_deck = warning is None and shows_other_deck(photo, detections, other_reader)
    except ImageError as exc:
        return {"image": image, "error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - one odd file must not cost the other images
        return {"image": image, "error": f"could not read this image ({type(exc).__name__}: {exc})"}
    laid = None if table_rules is None else laid_table(table_rules, detections)
    if drawings is not None:
        drawings.draw(image, photo, detections, laid)
    deck = reader.info.deck.name
    line: dict[str, Any] = {"image": image, "deck": deck, "cards": detections_json(detections)}
    if laid is not None:
        line |= table_json(laid)
    if warning is not None:
        line["warning"] = warning
    if other_deck:
        other = OTHER_DECK[deck]
        line["looks_like"] = other
        # Under --table the deck is the ruleset's: "--deck phase10" was then refused (classic
        # audit, session 66); the rulesets of the other deck are the way.
        hint = f"--deck {other}" if table_rules is None else " or ".join(
            f"--table {name}" for name in RULESETS if ruleset(name).deck.value == other)
        print(f"note: {image} looks like {other} cards, not {deck} ones; try {hint}",
              file=sys.stderr)
    return line


@dataclass
class _Drawings:
    """``--draw DIR``: each photo with its boxes, as ``NAME.boxes.jpg``."""

    folder: Path
    written: set[str] = field(default_factory=set)  # file names, casefolded

    def draw(self, image: str, photo: Photo, detections: Sequence[Detection],
             laid: LaidTable | None = None) -> None:
        """A picture that cannot be written is said on stderr and costs the read nothing;
        ``laid``: the groups are outlined and numbered, as the page shows them."""
        target = self._target(image)
        scale = photo.pixels.shape[1] / photo.original_size[0]
        # Encoded here and written by Python: cv2.imwrite crashed the process (a segmentation
        # fault) on a name that is not UTF-8 (a photo from an old zip, 'hand\xe9.jpg').
        try:
            drawn = draw_reading(photo.pixels, detections, scale, laid)
            encoded, data = cv2.imencode(".jpg", drawn)
            if encoded:
                target.write_bytes(data.tobytes())
            written, why = encoded, "the picture could not be encoded"
        except IsADirectoryError:
            written, why = False, "a folder of that name is in the way"
        except (OSError, cv2.error) as exc:
            written, why = False, getattr(exc, "strerror", None) or str(exc)
        if written:
            self.written.add(target.name.casefold())
        else:
            print(f"warning: could not write {target} ({why})", file=sys.stderr)

    def _target(self, image: str) -> Path:
        """Photos of one name (a/hand.jpg, b/hand.jpg, Hand.png) each keep their drawing, told
        on stderr; names compared without case, as macOS and Windows do."""
        stem = Path(image).stem
        target = self.folder / f"{stem}.boxes.jpg"
        number = 1
        while target.name.casefold() in self.written:
            number += 1
            target = self.folder / f"{stem}-{number}.boxes.jpg"
        if number > 1:
            print(f"note: {image} is drawn as {target.name}", file=sys.stderr)
        return target


def _draw_folder(text: str) -> Path:
    """``--draw DIR``: made now, so that a folder that cannot be is refused before any read."""
    folder = Path(text)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            f"cannot make the folder {text!r}: {exc.strerror or exc}"
        ) from None
    return folder


def _every_image_failed(images: Sequence[str], said: str) -> int:
    """Still one line per image, so whoever parses the output sees why each one failed."""
    for image in images:
        print(json.dumps({"image": image, "error": said}), flush=True)
    print(f"error: {said}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.table is None and (args.wrap or args.naturals != 1):
        parser.error("--wrap and --naturals are house rules of the groups: they go with --table")
    if args.table is None and (args.phases is not None or args.extra_phases is not None):
        parser.error("--phases and --extra-phases are the game's phases: they go with --table")
    if args.skips is not None and args.table is None:
        parser.error("--skips goes with --table RULESET (without it: --without or --at-most)")
    if args.decks is not None and args.table is None:
        parser.error("--decks goes with --table classic (without it: --copies)")
    try:
        rules = None if args.table is None else ruleset(
            args.table, wrap=args.wrap, naturals=args.naturals,
            phases=phase_list(args.phases), extra_phases=phase_list(args.extra_phases) or (),
            skips=True if args.skips is None else skips_option(args.skips), decks=args.decks)
    except SolverError as exc:  # a phase the rules cannot read, a skips or decks count
        parser.error(str(exc))
    played = None if rules is None else rules.deck.value
    if args.deck is not None and played not in (None, args.deck):
        parser.error(f"--table {args.table} is played with {played} cards, not {args.deck} "
                     f"ones: leave --deck out or give --deck {played}")
    deck = args.deck or played or "phase10"
    skipless, fewer_skips = _skip_cards(args.table, args.decks, rules)
    # Both say how many skip cards there are: merged, they were an error on every image that
    # named neither ("X is given more than once"; vision audit, session 64).
    told = {face for face, _ in args.at_most} | args.without
    twice = sorted(told & ({face for face, _ in fewer_skips} | skipless))
    if twice:
        parser.error(f"--skips {args.skips} already says how many {twice[0]} cards the deck "
                     f"has: leave {twice[0]} out of --at-most and --without")
    try:
        params = replace(
            DEFAULT_PARAMS,
            threshold=args.threshold,
            copies=_copies(args, rules),
            without=args.without | skipless,
            at_most=args.at_most | fewer_skips,
        )
        reader = Reader.from_file(args.model, deck=deck, params=params)
    except (ModelError, ValueError) as exc:
        # ValueError: settings the file cannot be read with (a reader trained on upright crops
        # in a file stamped to read them as they lie).
        return _every_image_failed(args.images, str(exc))
    # --model is another deck's file: --deck standard with phase10.onnx answered "phase10"
    # lines without a word (contracts audit, session 64).
    if (args.deck or played) not in (None, reader.info.deck.name):
        asked = (f"--table {args.table} is played with {played} cards" if played
                 else f"--deck {args.deck} asks for {args.deck} cards")
        return _every_image_failed(
            args.images, f"{asked}, but {args.model} reads {reader.info.deck.name} ones")
    # Loaded only for a photo whose reading looks wrong for its deck; --without and --at-most
    # name this deck's faces, not the other's.
    other_reader = functools.cache(lambda: Reader.from_file(
        deck=OTHER_DECK[reader.info.deck.name],
        params=replace(params, without=frozenset(), at_most=frozenset())))
    drawings = None if args.draw is None else _Drawings(args.draw)
    failed = False
    for image in args.images:
        line = _read_one(reader, image, drawings, other_reader, rules)
        failed |= "error" in line
        print(json.dumps(line), flush=True)
    return 1 if failed else 0
