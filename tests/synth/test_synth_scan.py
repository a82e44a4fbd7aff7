"""Single-card scans (models/synth/scan.py): the evaluation scenes of the zoomed-out pass."""

from __future__ import annotations

import numpy as np
import pytest

from models.synth import SCAN, Edition, make_scan, make_scene
from models.synth.scan import SCAN_MARGIN, SCAN_WIDTHS
from models.synth.scene import DECK_KITS


def test_the_same_seed_gives_the_same_scan_and_another_seed_another() -> None:
    first, again, other = make_scan(11), make_scan(11), make_scan(12)
    assert np.array_equal(first.image, again.image)
    assert first.cards == again.cards
    assert first.image.shape != other.image.shape or not np.array_equal(first.image, other.image)


@pytest.mark.parametrize("deck", sorted(DECK_KITS))
def test_a_scan_is_one_card_of_the_deck_whose_indices_lie_inside_it(deck: str) -> None:
    families = set()
    for seed in range(12):
        scan = make_scan(seed, deck=deck)
        families.add(scan.family)
        assert (scan.layout, scan.deck, len(scan.cards)) == (SCAN, deck, 1)
        (card,) = scan.cards
        height, width = scan.image.shape[:2]
        quad_w = card.quad[1][0] - card.quad[0][0]
        assert SCAN_WIDTHS[0] - 1 <= quad_w <= SCAN_WIDTHS[1] + 1
        # The paper margin is the only thing round the card.
        assert width - quad_w <= 2 * SCAN_MARGIN[1] * quad_w + 2
        assert card.indices
        for x0, y0, x1, y1 in card.indices:
            assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
        assert card.centre == pytest.approx((width / 2, height / 2), abs=1)
    # Drawn families vary; twelve scans are enough to see more than one.
    assert len(families) > 1


def test_a_scan_keeps_the_family_asked_for() -> None:
    assert {make_scan(seed, family="mattel").family for seed in range(4)} == {"mattel"}


def test_an_unknown_family_or_deck_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="unknown family 'tarot'.*mattel"):
        make_scan(1, family="tarot")
    with pytest.raises(ValueError, match="unknown deck 'uno'"):
        make_scan(1, deck="uno")


def test_random_scenes_are_never_scans_and_a_scene_cannot_be_asked_for_as_one() -> None:
    assert all(make_scene(seed, size=(320, 240)).layout != SCAN for seed in range(6))
    with pytest.raises(ValueError, match="unknown layout 'scan'"):
        make_scene(1, layout=SCAN, size=(320, 240))


def test_a_scanned_court_card_can_carry_ornate_artwork() -> None:
    scans = {seed: make_scan(seed, deck="standard") for seed in range(40)}
    court = next(s for s, scan in scans.items() if scan.cards[0].card[:-1] in ("J", "Q", "K"))
    plain = next(s for s, scan in scans.items() if scan.cards[0].card[:-1] not in ("J", "Q", "K"))
    ornate = Edition(ornate_courts=True)
    busy = make_scan(court, deck="standard", edition=ornate)
    assert busy.cards == scans[court].cards
    assert not np.array_equal(busy.image, scans[court].image)
    # A number card, or a deck without courts: the very same scan.
    assert np.array_equal(make_scan(plain, deck="standard", edition=ornate).image,
                          scans[plain].image)
    assert np.array_equal(make_scan(court, edition=ornate).image, make_scan(court).image)


def test_a_scanned_card_can_carry_its_decks_own_pips() -> None:
    scans = {seed: make_scan(seed, family="jumbo", deck="standard") for seed in range(40)}
    suited = next(s for s, scan in scans.items() if scan.cards[0].card != "X")
    own = make_scan(suited, family="jumbo", deck="standard", edition=Edition(pip_shapes=True))
    assert own.cards[0].card == scans[suited].cards[0].card
    assert not np.array_equal(own.image, scans[suited].image)


def test_a_scanned_card_can_carry_narrow_indices() -> None:
    plain = make_scan(7, family="anglo", deck="standard")
    edition = Edition(narrow_indices=True)
    narrow = make_scan(7, family="anglo", deck="standard", edition=edition)
    assert narrow.cards[0].card == plain.cards[0].card
    assert not np.array_equal(narrow.image, plain.image)
    assert np.array_equal(make_scan(7, family="mattel", edition=edition).image,
                          make_scan(7, family="mattel").image)


def test_a_scanned_queen_can_carry_a_swash_q() -> None:
    scans = {seed: make_scan(seed, family="anglo", deck="standard") for seed in range(80)}
    queen = next(s for s, scan in scans.items() if scan.cards[0].card.startswith("Q"))
    other = next(s for s, scan in scans.items() if not scan.cards[0].card.startswith("Q"))
    swash = Edition(swash_q=True)
    curly = make_scan(queen, family="anglo", deck="standard", edition=swash)
    assert curly.cards[0].card == scans[queen].cards[0].card
    assert not np.array_equal(curly.image, scans[queen].image)
    assert np.array_equal(make_scan(other, family="anglo", deck="standard", edition=swash).image,
                          scans[other].image)


def test_a_scanned_number_card_can_carry_crowded_corners() -> None:
    # No hand to square up: only the face is redrawn, its pips moved up to the index.
    scans = {seed: make_scan(seed, family="anglo", deck="standard") for seed in range(40)}
    ranks = {str(n) for n in range(2, 11)}
    number = next(s for s, scan in scans.items() if scan.cards[0].card[:-1] in ranks)
    crowded = make_scan(number, family="anglo", deck="standard",
                        edition=Edition(crowded_corners=True))
    assert crowded.cards[0].card == scans[number].cards[0].card
    assert crowded.image.shape == scans[number].image.shape
    assert not np.array_equal(crowded.image, scans[number].image)
