"""How a scene's printed edition departs from the stock edition its face family draws.

Each option redraws only its own part of the edition, from a random stream of its own, so a
scene asked for one keeps every other card, the camera and the light of the plain scene. A deck
without that part (Phase 10 cards have no courts, no Q and no suit pips) is unchanged by it,
except that crowded corners also square any deck's dealt hands up (``make_scene``).
Scene makers, the benchmark, the trainers and the command lines all pass one ``Edition``.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field, fields


def _option(what: str, note: str) -> bool:
    # ``what`` is the option's command-line help, ``note`` how a report's title names it.
    return field(default=False, metadata={"what": what, "note": note})


@dataclass(frozen=True)
class Edition:
    """The options asked for one scene's edition; ``Edition()`` is the plain one.

    >>> edition = Edition(swash_q=True, narrow_indices=True)
    >>> edition.flags(), edition.note()
    (('--swash-q', '--narrow-indices'), ' with swash Qs with narrow indices')
    >>> Edition().flags(), Edition().note()
    ((), '')
    """

    ornate_courts: bool = _option(
        "court cards filled with busy printed artwork, as on Bicycle-like decks",
        "with ornate courts",
    )
    crowded_corners: bool = _option(
        "pips and court frames right beside each corner index, and dealt hands squared up to "
        "strips barely wider than it, as on real dealt decks",
        "with crowded corners",
    )
    swash_q: bool = _option(
        "each Q printed as Bicycle-like decks print it, a swash tail under a narrow bowl",
        "with swash Qs",
    )
    pip_shapes: bool = _option(
        "each edition's suit pips drawn as a deck of its own (spade leaf, club lobes, stem, "
        "ink bleed) instead of a stock variant",
        "with their own pips",
    )
    narrow_indices: bool = _option(
        "each edition's corner indices in thin condensed fonts, as real Bicycle-like decks "
        "print them",
        "with narrow indices",
    )
    typefaces: bool = _option(
        "each edition's corner indices in one of 23 further printed typefaces (book serifs, "
        "grotesques regular and condensed, geometric sans) instead of the stock fonts",
        "with other typefaces",
    )

    def asked(self) -> tuple[str, ...]:
        """The names of the options set, in field order."""
        return tuple(option.name for option in fields(self) if getattr(self, option.name))

    def flags(self) -> tuple[str, ...]:
        """The command-line flags that ask for this edition."""
        return tuple(flag(name) for name in self.asked())

    def note(self) -> str:
        """What a report's title adds for this edition (empty for the plain one)."""
        return "".join(f" {option.metadata['note']}" for option in fields(self)
                       if getattr(self, option.name))

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Edition:
        """The edition asked for by the flags ``add_edition_arguments`` added."""
        return cls(**{option.name: getattr(args, option.name) for option in fields(cls)})


PLAIN = Edition()


def flag(name: str) -> str:
    """The command-line flag of option ``name``.

    >>> flag("narrow_indices")
    '--narrow-indices'
    """
    return "--" + name.replace("_", "-")


def add_edition_arguments(parser: argparse.ArgumentParser, lead: str = "", tail: str = "") -> None:
    """One flag per ``Edition`` option; each help is ``lead`` + what it draws + ``tail``."""
    for option in fields(Edition):
        parser.add_argument(
            flag(option.name), action="store_true", help=f"{lead}{option.metadata['what']}{tail}"
        )
