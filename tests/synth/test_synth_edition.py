"""One ``Edition`` value carries a scene's edition options through every command line."""

from __future__ import annotations

import argparse
import dataclasses

import numpy as np
import pytest

from models.synth import PLAIN, Edition, make_scene
from models.synth.edition import add_edition_arguments


def test_every_option_has_a_flag_a_help_and_a_title_note() -> None:
    parser = argparse.ArgumentParser()
    add_edition_arguments(parser, lead="scenes with ", tail=" (standard deck)")
    names = [field.name for field in dataclasses.fields(Edition)]
    flags = ["--" + name.replace("_", "-") for name in names]
    assert Edition.from_args(parser.parse_args([])) == PLAIN
    assert Edition.from_args(parser.parse_args(flags)) == Edition(**{n: True for n in names})
    every = Edition(**{n: True for n in names})
    assert every.flags() == tuple(flags) and every.asked() == tuple(names)
    assert every.note().count(" with ") == len(names)
    helps = parser.format_help()
    assert all(f"scenes with {field.metadata['what']} (standard deck)" in " ".join(helps.split())
               for field in dataclasses.fields(Edition))
    with pytest.raises(dataclasses.FrozenInstanceError):
        every.swash_q = False  # type: ignore[misc]


def test_options_combine_and_each_keeps_its_own_stream() -> None:
    anglo = {"layout": "fan", "deck": "standard", "size": (320, 240), "family": "anglo"}
    plain = make_scene(3, **anglo)
    both = make_scene(3, **anglo, edition=Edition(pip_shapes=True, narrow_indices=True))
    # The same cards in the same places, whatever the options redraw.
    assert [(c.card, c.quad) for c in both.cards] == [(c.card, c.quad) for c in plain.cards]
    assert np.array_equal(
        both.image,
        make_scene(3, **anglo, edition=Edition(narrow_indices=True, pip_shapes=True)).image,
    )
    narrow_only = make_scene(3, **anglo, edition=Edition(narrow_indices=True)).image
    assert not np.array_equal(both.image, narrow_only)
    assert not np.array_equal(both.image, plain.image)
