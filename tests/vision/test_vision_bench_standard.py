"""The benchmark's standard-deck plumbing (bench/vision.py) on hand-made labels and detections:
no model, no real photo."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import cast

import pytest

from bench.vision import (
    Case,
    FanCount,
    RankScore,
    Truth,
    _oracle_token,
    cases,
    folder_kind,
    rank_from_word,
    read_voc,
    realworld_folders,
    score_fan,
    score_hand,
    score_ranks,
    standard_label,
)
from models.synth import PLAIN, Edition
from solver import parse_card
from vision import DecodeParams, Detection, Reader
from vision.find import IndexHit


def det(
    token: str, box: tuple[int, int, int, int] = (0, 0, 10, 10), conf: float = 0.9
) -> Detection:
    return Detection(parse_card(token), box, conf)


@pytest.mark.parametrize(
    ("stem", "token"),
    {"10c": "10C", "ah": "AH", "Ac": "AC", "qs": "QS", "Kd": "KD", "joker": "X", "x": "X"}.items(),
)
def test_single_card_stems(stem: str, token: str) -> None:
    assert standard_label(stem) == token


@pytest.mark.parametrize("stem", ["r7", "w", "red seven", "deal1-md-sq", "11c", "LICENSE"])
def test_stems_that_are_no_standard_card(stem: str) -> None:
    with pytest.raises(ValueError):
        standard_label(stem)


def test_voc_rank_words() -> None:
    words = {"ace": "A", "two": "2", "Three": "3", "ten": "10", "jack": "J", "queen": "Q"}
    words |= {"king": "K", "10": "10", "k": "K"}
    assert {w: rank_from_word(w) for w in words} == words
    with pytest.raises(ValueError):
        rank_from_word("joker")


def test_read_voc(tmp_path: Path) -> None:
    xml = tmp_path / "a.xml"
    xml.write_text(
        "<annotation><size><width>378</width><height>504</height></size>"
        "<object><name>ace</name><bndbox><xmin>97</xmin><ymin>136</ymin><xmax>275</xmax>"
        "<ymax>368</ymax></bndbox></object>"
        "<object><name>ten</name><bndbox><xmin>1</xmin><ymin>2</ymin><xmax>3</xmax>"
        "<ymax>4</ymax></bndbox></object></annotation>"
    )
    labels = read_voc(xml)
    assert labels.size == (378, 504)
    assert labels.objects == (("A", (97, 136, 275, 368)), ("10", (1, 2, 3, 4)))


def test_fan_counts_distinct_duplicates_and_jokers() -> None:
    tokens = ["AS", "AS", "AS", "10H", "KD", "KD", "X", "X", "2C"]
    count = score_fan([det(t) for t in tokens])
    # AS three times: 2 duplicates; KD twice: 1; jokers are wrong, not duplicates.
    assert count == FanCount(read=9, distinct=4, duplicates=3, jokers=2)
    assert count.read == count.distinct + count.duplicates + count.jokers
    assert score_fan([]) == FanCount(0, 0, 0, 0)


def test_anchor_sightings_are_read_from_relative_centres(tmp_path: Path) -> None:
    from bench.vision import read_anchors

    anchors = tmp_path / "deal9-labels.json"
    anchors.write_text(
        '[{"class_id": 50, "name": "10h", "relative_coordinates": {"center_x": 0.25, '
        '"center_y": 0.5, "width": 0.04, "height": 0.02}, "confidence": 0.99}]'
    )
    assert read_anchors(anchors, (1200, 800)) == (("10H", 300.0, 400.0),)


class _FixedReader:
    """Stands in for a Reader: the same cards for every photo."""

    def read(self, source: str) -> list[Detection]:
        return [det("3S", (10, 10, 30, 40)), det("4H", (100, 50, 120, 80))]


def test_fans_report_where_the_other_detectors_sightings_fall(tmp_path: Path) -> None:
    import cv2
    import numpy as np

    from bench.vision import standard_fans

    for stem in ("deal1-md-sq", "deal2-md-sq"):
        cv2.imwrite(str(tmp_path / f"{stem}.jpg"), np.full((100, 200, 3), 255, np.uint8))
    (tmp_path / "anchor-predictions").mkdir()
    sightings = [("3s", 0.1, 0.2), ("5s", 0.55, 0.6), ("9d", 0.9, 0.9)]  # ours, other, none
    (tmp_path / "anchor-predictions" / "deal1-md-sq-net1280-labels.json").write_text(
        "["
        + ", ".join(
            f'{{"name": "{name}", "relative_coordinates": {{"center_x": {x}, "center_y": {y}}}}}'
            for name, x, y in sightings
        )
        + "]"
    )
    report = standard_fans(cast(Reader, _FixedReader()), tmp_path).splitlines()
    deal1 = next(line for line in report if "deal1" in line).split()
    deal2 = next(line for line in report if "deal2" in line).split()
    assert deal1[-3:] == ["1", "1", "1"] and len(deal2) == len(deal1) - 3  # no sightings: none
    assert report[-1].endswith(
        "(3): 1 inside a box of ours naming the same card, 1 inside boxes naming others, "
        "1 in none of ours"
    )


def test_rank_scoring_ignores_suit_and_counts_outside() -> None:
    objects = [("A", (0, 0, 100, 100)), ("10", (200, 0, 300, 100)), ("K", (400, 0, 500, 100))]
    detections = [
        det("AH", (40, 40, 60, 60), 0.5),  # right rank, other suit than anyone labelled
        det("9S", (210, 10, 230, 30), 0.9),  # wrong rank in the 10's box ...
        det("10D", (260, 60, 280, 80), 0.4),  # ... but a right one there too
        det("QC", (900, 900, 910, 910)),  # in no box
    ]
    score, confusions = score_ranks(detections, objects)
    assert score == RankScore(objects=3, right=2, with_any=2, outside=1)
    assert score.nothing_inside == 1 and confusions == []
    score, confusions = score_ranks(
        [det("QC", (10, 10, 20, 20)), det("X", (410, 10, 420, 20))], objects
    )
    assert score == RankScore(3, 0, 2, 0)
    assert confusions == [("A", "Q"), ("K", "X")]
    assert score + score == RankScore(6, 0, 4, 0)


def test_standard_cases_walk_the_same_seeds_over_standard_families() -> None:
    from models.synth import FAMILIES, LAYOUTS, STANDARD_FAMILIES

    phase10, standard = cases(500_000, 2), cases(500_000, 2, "standard")
    assert [c.seed for c in phase10] == [c.seed for c in standard]
    assert {c.family for c in standard} == set(STANDARD_FAMILIES)
    assert {c.deck for c in standard} == {"standard"} and {c.deck for c in phase10} == {"phase10"}
    assert phase10[0] == Case(500_000, LAYOUTS[0], FAMILIES[0])  # as before the deck existed


def test_oracle_names_an_unlabelled_hit_after_an_absent_card_of_the_deck() -> None:
    hit = IndexHit("QH", (500, 500, 510, 510), (505, 505), 0.9, 0.9)
    truths = [Truth("AS", ((0, 0, 10, 10),))]
    absent = _oracle_token(hit, truths, "standard").token
    assert parse_card(absent).deck.value == "standard" and absent != "AS"
    on_card = IndexHit("QH", (0, 0, 10, 10), (5, 5), 0.9, 0.9)
    assert _oracle_token(on_card, truths, "standard").token == "AS"
    assert parse_card(_oracle_token(hit, [Truth("R1", ())]).token).deck.value == "phase10"


def test_only_a_wrong_reading_of_a_partly_hidden_index_goes_unscored() -> None:
    truths = [Truth("KS", ((0, 0, 20, 30),)), Truth("2D", ((100, 0, 120, 30),))]
    hidden = [(22, 0, 42, 30)]  # the next card's index, mostly under this one
    on_hidden = Detection(parse_card("KC"), (23, 0, 41, 30), 0.8)
    on_both = Detection(parse_card("QH"), (5, 0, 35, 30), 0.8)  # covers the K's index too
    right = Detection(parse_card("KS"), (0, 0, 20, 30), 0.9)
    assert score_hand([right, on_hidden], truths, hidden).false_pos == 0
    assert score_hand([right, on_hidden], truths).false_pos == 1
    both = score_hand([on_both], truths, hidden)
    assert (both.true_pos, both.false_pos, both.false_neg) == (0, 1, 2)


def _touch(folder: Path, *names: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).write_bytes(b"")


def test_folder_kinds_from_contents(tmp_path: Path) -> None:
    _touch(tmp_path / "phase10-faces" / "sprites-a", "red seven.png", "wild.png", "back.png")
    _touch(tmp_path / "phase10-faces" / "scans", "Blue12.jpg")
    _touch(tmp_path / "phase10-faces" / "sprites-c" / "red_cards", "red7.png")  # nested source
    _touch(tmp_path / "singles", "10c.jpg", "Ah.jpg", "LICENSE")
    _touch(tmp_path / "fans", "deal1-md-sq.jpg", "deal2-md-sq.jpg", "LICENSE")
    _touch(tmp_path / "fans" / "anchor-predictions", "deal1-md-sq-labels.json")
    _touch(tmp_path / "ranks", "IMG_1.JPG", "IMG_1.xml", "cam.jpg", "cam.xml")
    _touch(tmp_path / "other", "holiday.jpg")
    assert folder_kind(tmp_path / "singles") == "standard-singles"
    assert folder_kind(tmp_path / "fans") == "standard-fans"
    assert folder_kind(tmp_path / "ranks") == "standard-ranks"
    assert folder_kind(tmp_path / "phase10-faces") == "phase10-faces"
    assert folder_kind(tmp_path / "phase10-faces" / "scans") == "phase10-source"
    assert folder_kind(tmp_path / "other") is None
    assert folder_kind(tmp_path) is None
    assert [(p.name, k) for p, k in realworld_folders(tmp_path)] == [
        ("fans", "standard-fans"),
        ("phase10-faces", "phase10-faces"),
        ("ranks", "standard-ranks"),
        ("singles", "standard-singles"),
    ]
    assert realworld_folders(tmp_path / "singles") == [(tmp_path / "singles", "standard-singles")]


def test_the_timed_reads_use_the_decoding_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    # The timing worker read with the model file's own decoding whatever was asked: the line
    # headed "read_views=1" timed six views (bench audit, session 63).
    import json
    import subprocess
    from types import SimpleNamespace

    import bench.vision

    asked = DecodeParams(read_views=1, copies=1)
    commands: list[list[str]] = []

    def run(command: list[str], **kwargs: object) -> SimpleNamespace:
        commands.append(command)
        return SimpleNamespace(stdout=json.dumps({"times": [0.1], "cpu": [0.1],
                                                  "peak_rss_mb": 1.0}))

    monkeypatch.setattr(subprocess, "run", run)
    bench.vision.latency(None, 1, "phase10", size=(320, 240), params=asked)
    (command,) = commands
    handed = command[command.index("--latency-params") + 1]
    assert bench.vision.params_from_json(handed) == asked
    # and the worker reads with them
    read_with: list[DecodeParams] = []
    monkeypatch.setattr(bench.vision, "_latency_worker",
                        lambda model, paths, deck, params: read_with.append(params))
    bench.vision.main(["--latency-worker", "--latency-params", handed, "x.jpg"])
    assert read_with == [asked]


def test_bench_doctests() -> None:
    # bench/ sits outside pytest's doctest paths (its module names clash with the packages).
    import doctest

    import bench.vision

    result = doctest.testmod(bench.vision)
    assert result.attempted and not result.failed


COUNTS_MESSAGE = "--closeups, --scans, --tables, --deals and --loose must be 0 or more"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--closeups", "-1"], COUNTS_MESSAGE),
        (["--tables", "-2"], COUNTS_MESSAGE),
        (["--scans", "-3"], COUNTS_MESSAGE),
        (["--deals", "-1"], COUNTS_MESSAGE),
        (["--loose", "-1"], COUNTS_MESSAGE),
        (
            ["--validation", "--validation-from", "984", "--per-cell", "1", "--tables", "0",
             "--deals", "2"],
            "scenes 984..1003 leave",
        ),
        (
            ["--validation", "--validation-from", "960", "--per-cell", "1", "--scans", "8"],
            "scenes 960..1015 leave",
        ),
        (["--validation", "--validation-from", "980", "--per-cell", "1"], "scenes 980..1003 leave"),
        (["--per-cell", "0"], "--per-cell must be 1 or more"),
        (["--realworld", "no/such/realworld"], "--realworld: no folder at no/such/realworld"),
        (["--agreement", "2"], "reading_agreement is a probability"),
        (["--min-confidence", "-0.1"], "min_confidence is a probability"),
        (["--read-views", "12"], "read_views counts crop views, 1 to 11"),
        (["--confirm-floor", "0.6"], "confirm_floor is a heatmap peak from 0 (off) up to the"),
        (["--confirm-reading", "1.5"], "confirm_reading is a probability"),
        (
            ["--validation", "--validation-from", "990", "--per-cell", "1", "--tables", "0"],
            "scenes 990..1001 leave",
        ),
        (["--tune", "--harsh-light"], "--tune searches unlit scenes"),
        (["--tune", "--phone-look"], "--tune searches plain scenes"),
        (["--deck", "standard", "--tune", "--ornate-courts"], "--ornate-courts redraws the"),
        (["--ornate-courts"], "--ornate-courts redraws the standard deck's"),  # phase10: none
        (["--deck", "standard", "--tune", "--crowded-corners"], "--crowded-corners redraws the"),
        (["--crowded-corners"], "--crowded-corners redraws the standard deck's"),
        (["--deck", "standard", "--tune", "--swash-q"], "--swash-q redraws the"),
        (["--swash-q"], "--swash-q redraws the standard deck's"),
        (["--deck", "standard", "--tune", "--pip-shapes"], "--pip-shapes redraws the"),
        (["--pip-shapes"], "--pip-shapes redraws the standard deck's"),
        (["--deck", "standard", "--tune", "--narrow-indices"], "--narrow-indices redraws the"),
        (["--narrow-indices"], "--narrow-indices redraws the standard deck's"),
        (["--typefaces"], "--typefaces redraws the standard deck's"),
        (["--tune", "--quarter-turns", "1"], "--tune searches upright scenes"),
        (["--quarter-turns", "4"], "argument --quarter-turns: invalid choice: 4"),
        (["--upright-crops", "2"], "argument --upright-crops: invalid choice: 2"),
        (["--copies", "0"], "--copies deals the accuracy tables from a deck of 1 or more"),
        (["--tune", "--copies", "1"], "--copies deals the accuracy tables from a deck of 1"),
        (["--tune", "--without", "X"], "--without deals the accuracy tables from a deck lacking"),
        (["--read-every-face"], "--read-every-face reads them as if it did not"),
        (["--without", "7Z"], "argument --without: '7Z' is not a card"),
        (["--deck", "standard", "--without", "X,R7"], "--without R7: no face of the standard"),
    ],
)
def test_bad_bench_settings_get_a_message_not_a_traceback(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from bench.vision import main

    with pytest.raises(SystemExit) as stop:
        main([*argv, "--skip-synthetic", "--latency-runs", "0"])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_a_negative_count_of_timed_reads_is_refused_before_any_table(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The timing worker failed only after the accuracy tables (bench audit, session 63).
    from bench.vision import main

    with pytest.raises(SystemExit) as stop:
        main(["--skip-synthetic", "--latency-runs", "-1"])
    assert stop.value.code == 2
    assert "--latency-runs must be 0 or more" in capsys.readouterr().err


def test_without_deals_and_reads_a_deck_that_lacks_those_faces(
        capsys: pytest.CaptureFixture[str]) -> None:
    from bench.vision import main, scene_sets

    sets = scene_sets(_scene_args(without=frozenset({"X"})), validation=True)
    assert all(case.without == {"X"} for case in sets.all() if case not in sets.scans)
    assert not any(case.without for case in sets.scans)  # a scan is one card, not a deal
    argv = ["--deck", "standard", "--per-cell", "1", "--scene-size", "320x240", "--tables", "0",
            "--closeups", "0", "--scans", "0", "--deals", "0", "--loose", "0", "--latency-runs",
            "0", "--without", "x"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "held-out synthetic scenes (standard deck) dealt without X at 320x240" in out
    assert out.splitlines()[0].endswith(", read as a deck without X")  # the model line
    assert main([*argv, "--read-every-face"]) == 0
    out = capsys.readouterr().out
    assert "dealt without X, read as if with every face at 320x240" in out
    assert "read as a deck without" not in out


def test_candidates_are_compared_on_validation_scenes(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.vision import main

    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--latency-runs", "0"]
    sizes = ["--scene-size", "800x600", "--scene-size", "640x480"]
    assert main([*argv, *sizes, "--tables", "1"]) == 0
    out = capsys.readouterr().out
    assert "validation synthetic scenes (standard deck) at 800x600: 12, seeds 0..11" in out
    assert "validation synthetic scenes (standard deck) at 640x480: 12, seeds 0..11" in out
    # Tables take the validation seeds after the hands'.
    assert "validation tables (standard deck) at 640x480 (2-4 hands" in out
    assert "16-52 cards; apart from the targets): 4, seeds 12..15" in out
    assert "close-ups" not in out  # held-out only
    assert out.count("worst layout: ") == 4  # hands and tables, per size
    argv += ["--tables", "0", "--validation-from", "12"]
    # Close-ups and scans when asked for, on the seeds after the hands', in turn.
    assert main([*argv, "--scene-size", "640x480", "--closeups", "1", "--scans", "1"]) == 0
    out = capsys.readouterr().out
    assert "at 640x480: 12, seeds 12..23" in out and "tables" not in out
    assert "validation close-ups (standard deck) at 640x480" in out
    assert "apart from the targets): 4, seeds 24..27" in out
    assert "validation single-card scans (standard deck)" in out and ": 4, seeds 28..31" in out
    # Dealt decks last, so the other kinds keep their seeds.
    assert main([*argv, "--scene-size", "640x480", "--scans", "1", "--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert ": 4, seeds 24..27" in out  # the scans, as without dealt decks
    assert "validation dealt decks (standard deck) at 640x480 (26-52 cards" in out
    assert ": 4, seeds 28..31" in out and "deal " in out


def _scene_args(**changes: object) -> argparse.Namespace:
    """The bench's arguments scene_sets reads: one scene of every kind, every option off."""
    defaults = {"deck": "standard", "per_cell": 1, "tables": 1, "closeups": 1, "scans": 1,
                "deals": 1, "loose": 1, "validation_from": 0, "harsh_light": False,
                "phone_look": False,
                "ornate_courts": False, "quarter_turns": 0, "crowded_corners": False,
                "swash_q": False, "pip_shapes": False, "narrow_indices": False,
                "typefaces": False, "copies": None, "without": frozenset()}
    return argparse.Namespace(**{**defaults, **changes})


@pytest.mark.parametrize(("option", "field", "note"), [
    ("harsh_light", "harsh", "under harsh light"),
    ("phone_look", "phone", "through a phone's processing"),
])
def test_harsh_light_and_phone_look_redo_every_scene_but_scans(
    option: str, field: str, note: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import dataclasses

    import numpy as np

    from bench.vision import main, render, scene_sets

    asked = _scene_args(**{option: True})
    sets = scene_sets(asked, validation=True)
    plain = scene_sets(_scene_args(), True)
    assert all(getattr(case, field) for case in sets.hands + sets.tables + sets.closeups
               + sets.deals + sets.loose)
    assert not any(getattr(case, field) for case in sets.scans + plain.all())
    assert [c.seed for c in sets.all()] == [c.seed for c in plain.all()]  # the same scenes
    changed, truths, _ = render(sets.hands[0], (320, 240))
    unchanged, same_truths, _ = render(dataclasses.replace(sets.hands[0], **{field: False}),
                                       (320, 240))
    assert truths == same_truths and not np.array_equal(changed, unchanged)
    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--tables", "0",
            "--latency-runs", "0", "--scene-size", "320x240", "--" + option.replace("_", "-")]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert f"validation synthetic scenes (standard deck) {note} at 320x240: 12" in out


def test_one_deck_scenes_are_dealt_and_read_as_one_deck(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from collections import Counter

    from bench.vision import main, render, scene_sets

    sets = scene_sets(_scene_args(copies=1), validation=True)
    assert all(case.copies == 1 for case in sets.all() if case not in sets.scans)
    assert [c.seed for c in sets.all()] == [c.seed for c in scene_sets(_scene_args(), True).all()]
    _, truths, _ = render(sets.deals[0], (480, 360))
    assert max(Counter(t.token for t in truths if t.token != "X").values()) == 1
    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--tables", "0",
            "--latency-runs", "0", "--scene-size", "480x360", "--deals", "1", "--copies", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "validation dealt decks (standard deck) dealt from 1 of each face at 480x360" in out


def test_loose_decks_come_last_and_ornate_courts_redraw_every_kind(
    capsys: pytest.CaptureFixture[str],
) -> None:

    from bench.vision import main, scene_sets

    asked = _scene_args(ornate_courts=True)
    sets = scene_sets(asked, validation=True)
    without = scene_sets(_scene_args(loose=0), True)
    # Loose decks take the seeds after the tight ones: every other kind keeps its seeds.
    assert [c.seed for c in sets.all()][: len(without.all())] == [c.seed for c in without.all()]
    assert [c.layout for c in sets.loose] == ["loose"] * 4
    assert sets.loose[0].seed == sets.deals[-1].seed + 1
    assert all(case.edition == Edition(ornate_courts=True) for case in sets.all())
    assert all(case.edition == PLAIN for case in without.all())
    held_out = scene_sets(_scene_args(), False)
    assert held_out.loose[0].seed == 550_000
    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--tables", "0",
            "--latency-runs", "0", "--scene-size", "480x360", "--loose", "1", "--ornate-courts"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "validation loose decks (standard deck) with ornate courts at 480x360 (26-52" in out


def test_crowded_corners_redraw_every_kind_but_scans(capsys: pytest.CaptureFixture[str]) -> None:
    import dataclasses

    import numpy as np

    from bench.vision import main, render, scene_sets

    asked = _scene_args(crowded_corners=True)
    sets = scene_sets(asked, validation=True)
    plain = scene_sets(_scene_args(), True)
    # A scan is one card: no neighbour to crowd it (and its pips are those of the deck it scans).
    assert all(case.edition.crowded_corners for case in sets.all() if case not in sets.scans)
    assert not any(case.edition.crowded_corners for case in sets.scans + plain.all())
    assert [c.seed for c in sets.all()] == [c.seed for c in plain.all()]  # the same scenes
    crowded, truths, _ = render(sets.deals[0], (480, 360))
    roomy, roomy_truths, _ = render(dataclasses.replace(sets.deals[0], edition=PLAIN), (480, 360))
    assert truths != roomy_truths and not np.array_equal(crowded, roomy)  # hands squared up
    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--tables", "0",
            "--latency-runs", "0", "--scene-size", "480x360", "--crowded-corners"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "validation synthetic scenes (standard deck) with crowded corners at 480x360: 12" in out


def test_swash_qs_redraw_every_kind_scans_too(capsys: pytest.CaptureFixture[str]) -> None:
    import dataclasses

    import numpy as np

    from bench.vision import main, render, scene_sets

    asked = _scene_args(scans=8, swash_q=True)
    sets = scene_sets(asked, validation=True)
    assert all(case.edition.swash_q for case in sets.all())
    plain = scene_sets(_scene_args(scans=8), True)
    assert [c.seed for c in sets.all()] == [c.seed for c in plain.all()]  # the same scenes
    # A scanned queen of a deck that prints Q: another picture of the same card.
    queens = [case for case in sets.scans + sets.deals
              if any(t.token.startswith("Q") for t in render(case, (480, 360))[1])]
    assert queens
    differs = [not np.array_equal(render(case, (480, 360))[0],
                                  render(dataclasses.replace(case, edition=PLAIN), (480, 360))[0])
               for case in queens]
    assert any(differs)
    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--tables", "0",
            "--latency-runs", "0", "--scene-size", "480x360", "--swash-q"]
    assert main(argv) == 0
    assert "validation synthetic scenes (standard deck) with swash Qs at 480x360: 12" in (
        capsys.readouterr().out)


def test_quarter_turns_turn_every_kind_with_its_labels(capsys: pytest.CaptureFixture[str]) -> None:
    import dataclasses

    import cv2
    import numpy as np

    from bench.vision import main, render, scene_sets

    asked = _scene_args(quarter_turns=3)
    sets = scene_sets(asked, validation=True)
    upright = scene_sets(_scene_args(), True)
    assert all(case.quarter_turns == 3 for case in sets.all())
    assert [c.seed for c in sets.all()] == [c.seed for c in upright.all()]  # the same scenes
    image, truths, partial = render(sets.hands[0], (320, 240))
    plain, plain_truths, plain_partial = render(dataclasses.replace(sets.hands[0],
                                                                    quarter_turns=0), (320, 240))
    # Three quarter turns clockwise: the upright photo turned once counter-clockwise.
    assert image.shape == (320, 240, 3)
    np.testing.assert_array_equal(image, cv2.rotate(plain, cv2.ROTATE_90_COUNTERCLOCKWISE))
    x0, y0, x1, y1 = plain_truths[0].indices[0]
    assert truths[0].indices[0] == (y0, 320 - x1, y1, 320 - x0)
    assert len(partial) == len(plain_partial)
    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--tables", "0",
            "--latency-runs", "0", "--scene-size", "320x240", "--quarter-turns", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "scenes (standard deck) turned 180 degrees clockwise at 320x240" in out


def test_tune_searches_the_validation_seeds_asked_for(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import bench.vision
    from bench.vision import main

    # Two values an axis: the whole grid's 2,800 settings took about a minute here, and each
    # is scored as any one of these is.
    monkeypatch.setattr(bench.vision, "TUNE_GRID", ((0.4, 0.5), (3.0, 4.0), (0.0,), (0.05, 0.2),
                                                     (0.0, 0.2)))
    argv = ["--deck", "standard", "--tune", "--per-cell", "1", "--validation-from", "12"]
    assert main([*argv, "--scene-size", "320x240", "--latency-runs", "0"]) == 0
    out = capsys.readouterr().out
    assert "validation scenes: 12 (seeds 12..23) at 320x240" in out
    assert out.count("<- current settings") == 1
    assert out.count("<- chosen by the rule") == 1
    lines = out.splitlines()
    assert len(lines) == 1 + 2 + 10 + 1 + 1  # model, heading, the best ten, current, chosen
    assert {tuple(line.split()[2:4]) for line in lines[3:13]} <= {  # threshold, merge: as given
        (t, m) for t in ("0.40", "0.50") for m in ("3.00", "4.00")}


@pytest.mark.parametrize("deck", ["phase10", "standard"])
def test_each_model_files_decoding_lies_on_the_tune_grid(deck: str) -> None:
    # The rule weighs the file's settings against the search's best and keeps them on a tie:
    # settings off the grid would be kept without ever being among what the search scores.
    from bench.vision import TUNE_GRID
    from vision.model import model_path

    stored = Reader(model_path(deck)).decoding
    settings = (stored.threshold, stored.merge_distance, stored.conflict_distance,
                stored.reading_agreement, stored.min_confidence)
    assert all(value in axis for value, axis in zip(settings, TUNE_GRID, strict=True)), settings


def test_tables_and_scans_are_timed_apart_from_hands(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.vision import main

    assert main(["--skip-synthetic", "--latency-runs", "1", "--tables", "1", "--deals", "0",
                 "--scans", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3].startswith("end to end, 4032x3024 JPEG q90, 1 reads")
    assert lines[-2].startswith("tables of dealt hands: end to end, 4032x3024 JPEG q90, 1 reads")
    assert lines[-1].startswith("single-card scans: end to end, single-card JPEG q90, 1 reads")
    assert main(["--skip-synthetic", "--latency-runs", "1", "--tables", "0", "--deals", "0",
                 "--scans", "0"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2  # the model, then hands alone
    # A messenger's size, and a dealt deck (which pays for the zoomed pass at that size too).
    assert main(["--skip-synthetic", "--latency-runs", "1", "--latency-size", "1024x768",
                 "--tables", "0", "--deals", "1", "--scans", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2].startswith("end to end, 1024x768 JPEG q90, 1 reads")
    assert lines[-1].startswith("dealt decks: end to end, 1024x768 JPEG q90, 1 reads")


def test_upright_crops_can_be_switched_per_run(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.vision import main

    argv = ["--skip-synthetic", "--latency-runs", "0"]
    assert main(argv) == 0
    assert "upright_crops=0," in capsys.readouterr().out  # as the Phase 10 file states
    assert main([*argv, "--upright-crops", "1"]) == 0
    assert "upright_crops=1," in capsys.readouterr().out


def test_copies_beside_can_be_switched_per_run(capsys: pytest.CaptureFixture[str]) -> None:
    from bench.vision import main

    argv = ["--deck", "standard", "--skip-synthetic", "--latency-runs", "0"]
    assert main(argv) == 0
    assert "copies_beside=1)" in capsys.readouterr().out  # as the standard file states
    assert main([*argv, "--copies-beside", "0"]) == 0
    assert "copies_beside=0)" in capsys.readouterr().out


def test_a_reader_trained_upright_is_not_benchmarked_as_crops_lie(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.vision import main

    # Since session 23 the standard file's reader learnt upright crops alone.
    argv = ["--deck", "standard", "--skip-synthetic", "--latency-runs", "0"]
    assert main(argv) == 0
    assert "upright_crops=1," in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--upright-crops", "0"])
    assert stopped.value.code == 2
    assert "learnt upright crops alone (crop_upright)" in capsys.readouterr().err


def test_fans_say_at_which_stage_the_unread_sightings_were_lost(tmp_path: Path) -> None:
    import json

    import cv2

    from bench.vision import LOST_AT, standard_fans
    from models.synth import make_scene

    scene = make_scene(21, layout="loose", deck="standard", size=(1200, 1200), n_cards=30)
    cv2.imwrite(str(tmp_path / "deal1-md-sq.jpg"), scene.image)
    # Every labelled card's first index, and a corner of the photo where no index is.
    sightings = [
        (card.card, (card.indices[0][0] + card.indices[0][2]) / 2400,
         (card.indices[0][1] + card.indices[0][3]) / 2400)
        for card in scene.cards
    ] + [("9D", 0.001, 0.001)]
    (tmp_path / "anchor-predictions").mkdir()
    (tmp_path / "anchor-predictions" / "deal1-md-sq-labels.json").write_text(json.dumps([
        {"name": name.lower(), "relative_coordinates": {"center_x": x, "center_y": y}}
        for name, x, y in sightings
    ]))
    report = standard_fans(Reader.from_file(deck="standard"), tmp_path).splitlines()
    none = int(next(line for line in report if "deal1" in line).split()[-1])
    counts = dict(
        part.rsplit(" ", 1) for part in report[-1].split("): ")[1].split(", ")
    )
    assert list(counts) == list(LOST_AT)
    assert sum(int(n) for n in counts.values()) == none >= 1
    assert int(counts["no peak over the floor"]) >= 1  # the empty corner


@pytest.mark.parametrize(
    ("option", "flag", "note"),
    [
        ("pip_shapes", "--pip-shapes", "with their own pips"),
        ("narrow_indices", "--narrow-indices", "with narrow indices"),
        ("typefaces", "--typefaces", "with other typefaces"),
    ],
)
def test_edition_options_redraw_every_kind_scans_too(
    option: str, flag: str, note: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import dataclasses

    import numpy as np

    from bench.vision import main, render, scene_sets

    sets = scene_sets(_scene_args(scans=4, **{option: True}), validation=True)
    assert all(case.edition == Edition(**{option: True}) for case in sets.all())
    plain = scene_sets(_scene_args(scans=4), True)
    assert [c.seed for c in sets.all()] == [c.seed for c in plain.all()]  # the same scenes
    for case in sets.scans[:2] + sets.hands[:1]:
        drawn, stock = (render(c, (480, 360))
                        for c in (case, dataclasses.replace(case, edition=PLAIN)))
        assert [t.token for t in drawn[1]] == [t.token for t in stock[1]]
        # Own pips leave a joker as it was; narrow indices redraw its JOKER too.
        assert not np.array_equal(drawn[0], stock[0]) or all(t.token == "X" for t in drawn[1])
    argv = ["--deck", "standard", "--validation", "--per-cell", "1", "--tables", "0",
            "--latency-runs", "0", "--scene-size", "480x360", flag]
    assert main(argv) == 0
    assert f"validation synthetic scenes (standard deck) {note} at 480x360: 12" in (
        capsys.readouterr().out)
