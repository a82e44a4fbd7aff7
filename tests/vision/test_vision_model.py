"""Model files: the deck table, and clear errors for a missing or broken model."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from vision import DECKS, DecodeParams, Decoding, ModelError, Reader
from vision.model import OUTPUTS, model_path, open_sessions, read_info


def test_every_deck_names_its_model_file() -> None:
    assert {name: spec.model_file for name, spec in DECKS.items()} == {
        "phase10": "phase10.onnx",
        "standard": "standard.onnx",
    }


def test_both_decks_need_colour_to_be_told_apart() -> None:
    # Suits differ in shape, but the standard model read a black-and-white photo's red suits
    # as black ones, some surely: such a photo is refused in words of its own deck.
    assert {name: spec.grey_refusal for name, spec in DECKS.items()} == {
        "phase10": "image_grey",
        "standard": "image_grey_suits",
    }


def test_each_model_runs_on_the_threads_the_environment_gives(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Test workers sharing two cores gave each model one thread of them (conftest.py).
    def threads(*sessions: object) -> list[int]:
        return [s.get_session_options().intra_op_num_threads for s in sessions]  # type: ignore[attr-defined]

    def reader_threads(reader: Reader) -> list[int]:
        return threads(reader._session, reader._crop_session)

    path = model_path("standard")
    monkeypatch.setenv("PHASELENS_THREADS", "1")
    assert threads(*open_sessions(path)) == [1, 1]
    monkeypatch.setenv("PHASELENS_THREADS", "3")
    assert reader_threads(Reader(path)) == [3, 3]
    assert reader_threads(Reader(path, threads=2)) == [2, 2]
    monkeypatch.setenv("PHASELENS_THREADS", "0")
    with pytest.raises(ModelError, match="whole number of threads from 1, not '0'"):
        Reader(path)


def test_unknown_deck() -> None:
    with pytest.raises(ModelError, match="unknown deck 'uno'"):
        model_path("uno")


def test_a_deck_whose_model_is_not_there_yet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("vision.model.MODELS_DIR", tmp_path)
    with pytest.raises(ModelError, match="no standard-deck model yet"):
        model_path("standard")


def test_each_deck_holds_its_special_cards_in_proportion() -> None:
    # Per two decks' worth of faces (RULES.md): 8 Wilds and 4 Skips; 4 jokers.
    assert [DECKS["phase10"].copies(t) for t in ("W", "S", "G12")] == [8, 4, 2]
    assert [DECKS["standard"].copies(t) for t in ("X", "QH")] == [4, 2]


def test_a_file_that_is_not_a_model(tmp_path: Path) -> None:
    broken = tmp_path / "phase10.onnx"
    broken.write_bytes(b"not a protobuf")
    with pytest.raises(ModelError, match="cannot load the model"):
        Reader.from_file(broken)


def test_the_committed_model_follows_the_contract(reader: Reader) -> None:
    info = reader.info
    assert info.deck.name == "phase10" and info.stride >= 1
    assert {"W", "S"} <= set(info.ranks) and "-" in info.colours
    assert len({token for _, _, token in info.token_table()}) == 50  # 4 x 12 numbers, W, S
    assert 0.0 < reader.decoding.threshold < 1.0
    assert reader.path.stat().st_size <= 10 * 2**20
    crops = info.crops
    assert crops is not None and (crops.size, crops.context) == (32, 1.5)  # pixels, box sides
    assert crops.ranks[-1] == "-" and crops.colours == info.colours and not crops.upright


def test_decoding_settings_come_from_the_model_file_unless_given(tmp_path: Path) -> None:
    from models.stamp import main as stamp

    copy = tmp_path / "stamped.onnx"
    copy.write_bytes(model_path("phase10").read_bytes())
    assert stamp([str(copy), "--threshold", "0.42", "--merge", "2.5", "--conflict", "0.1",
                  "--agreement", "0.07", "--how", "test"]) == 0
    stored = Reader.from_file(copy).decoding
    assert stored == Decoding(0.42, 2.5, 0.1, reading_agreement=0.07)
    given = Reader.from_file(copy, params=DecodeParams(threshold=0.7, merge_distance=1.0,
                                                       reading_agreement=0.0)).decoding
    assert given == Decoding(0.7, 1.0, 0.1, reading_agreement=0.0)
    assert stamp([str(copy), "--threshold", "0.42", "--merge", "2.5", "--conflict", "0.1",
                  "--centre-span", "3.5", "--how", "test"]) == 0
    assert Reader.from_file(copy).decoding.centre_span == 3.5
    off = Reader.from_file(copy, params=DecodeParams(centre_span=0.0)).decoding
    assert off == Decoding(0.42, 2.5, 0.1)
    assert stamp([str(copy), "--threshold", "0.5", "--merge", "1", "--conflict", "0",
                  "--centre-span", "-1", "--how", "test"]) == 2
    assert stamp([str(copy), "--threshold", "1.5", "--merge", "1", "--conflict", "0",
                  "--how", "test"]) == 2
    assert stamp([str(copy), "--threshold", "0.5", "--merge", "1", "--conflict", "0",
                  "--agreement", "2", "--how", "test"]) == 2
    assert stamp([str(copy), "--threshold", "0.5", "--merge", "1", "--conflict", "0",
                  "--read-views", "12", "--how", "test"]) == 2
    assert stamp([str(copy), "--threshold", "0.5", "--merge", "1", "--conflict", "0",
                  "--confirm-floor", "0.5", "--how", "test"]) == 2
    assert stamp([str(copy), "--threshold", "0.5", "--merge", "1", "--conflict", "0",
                  "--confirm-floor", "0.3", "--confirm-reading", "0.6", "--how", "test"]) == 0
    assert Reader.from_file(copy).decoding == Decoding(
        0.5, 1.0, 0.0, confirm_floor=0.3, confirm_reading=0.6
    )


def test_each_file_states_how_many_crop_views_it_is_read_with(tmp_path: Path) -> None:
    from models.stamp import main as stamp
    from vision.crops import READ_VIEWS

    # Chosen on validation (models/README.md, "More views"): the Phase 10 reader gained from
    # the five views added in session 16, the standard reader tied and keeps its six.
    assert len(READ_VIEWS) == 11
    phase10 = Reader.from_file(deck="phase10")
    assert phase10.decoding.read_views == 11 and phase10.views == READ_VIEWS
    standard = Reader.from_file(deck="standard")
    assert standard.decoding.read_views == 6 and standard.views == READ_VIEWS[:6]
    # Its reader learnt upright crops alone (metadata crop_upright "1").
    assert standard.info.crops is not None and standard.info.crops.upright
    assert Reader.from_file(deck="phase10", params=DecodeParams(read_views=6)).views == (
        READ_VIEWS[:6]
    )
    # A file from before the setting existed reads with six views, as it did then.
    copy = tmp_path / "stamped.onnx"
    copy.write_bytes(model_path("phase10").read_bytes())
    assert stamp([str(copy), "--threshold", "0.5", "--merge", "3", "--conflict", "0",
                  "--read-views", "7", "--how", "test"]) == 0
    assert Reader.from_file(copy).views == READ_VIEWS[:7]
    assert Decoding.from_metadata({}).read_views == 6


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("threshold", 1.0, "threshold is a heatmap peak between 0 and 1"),
        ("merge_distance", -1.0, "merge_distance counts index sizes, 0 or more"),
        ("conflict_distance", float("nan"), "conflict_distance counts index sizes"),
        ("reading_agreement", 1.5, "reading_agreement is a probability from 0"),
        ("min_confidence", -0.1, "min_confidence is a probability from 0"),
        ("centre_span", -0.5, "centre_span counts index sizes, 0 or more"),
        ("read_views", 0, "read_views counts crop views, 1 to 11"),
        ("read_views", 2.5, "read_views counts crop views"),
        ("confirm_floor", 0.5, "confirm_floor is a heatmap peak from 0 .off. up to the thresh"),
        ("confirm_floor", -0.1, "confirm_floor is a heatmap peak from 0"),
        ("confirm_reading", 1.2, "confirm_reading is a probability from 0"),
    ],
)
def test_decoding_settings_out_of_range_are_refused(field: str, value: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Reader.from_file(params=DecodeParams(**{field: value}))


def test_a_file_stating_no_settings_decodes_with_every_later_rule_off() -> None:
    # Files from before a setting existed must decode as they did then.
    old = Decoding.from_metadata({})
    assert (old.conflict_distance, old.reading_agreement, old.min_confidence, old.neighbour_span,
            old.centre_span, old.confirm_floor, old.confirm_reading, old.upright_crops,
            old.copies_beside) == (0,) * 9
    assert old.read_views == 6 and old.peak_floor == old.threshold


def test_decoding_settings_at_their_bounds_are_taken() -> None:
    Decoding(threshold=0.5, merge_distance=0.0, conflict_distance=0.0, centre_span=0.0,
             neighbour_span=0.0, reading_agreement=1.0, min_confidence=1.0, confirm_reading=1.0,
             confirm_floor=0.0, read_views=1, upright_crops=1, copies_beside=1)
    Decoding(read_views=11, reading_agreement=0.0, min_confidence=0.0, confirm_reading=0.0)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("threshold", 0.0, "threshold is a heatmap peak between 0 and 1"),
        ("neighbour_span", -0.1, "neighbour_span is a share of the index-to-centre distance"),
        ("upright_crops", 2, "upright_crops is 0 .off. or 1 .on., not 2"),
        ("upright_crops", True, "upright_crops is 0 .off. or 1 .on., not True"),
        ("read_views", True, "read_views counts crop views, 1 to 11, not True"),
        ("read_views", 12, "read_views counts crop views, 1 to 11, not 12"),
        # Whole floats: they cannot slice the views, and a file stamped "6.0" is refused.
        ("read_views", 6.0, "read_views counts crop views, 1 to 11, not 6.0"),
        ("upright_crops", 1.0, "upright_crops is 0 .off. or 1 .on., not 1.0"),
        ("copies_beside", 2, "copies_beside is 0 .off. or 1 .on., not 2"),
        ("copies_beside", True, "copies_beside is 0 .off. or 1 .on., not True"),
        ("copies_beside", 1.0, "copies_beside is 0 .off. or 1 .on., not 1.0"),
    ],
)
def test_decoding_settings_just_out_of_range_are_refused(
    field: str, value: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Decoding(**{field: value})  # type: ignore[arg-type]


def test_a_model_file_with_a_bad_decoding_setting_is_refused_by_name(tmp_path: Path) -> None:
    import onnx

    model = onnx.load(str(model_path("phase10")))
    onnx.helper.set_model_props(model, {
        **{p.key: p.value for p in model.metadata_props}, "merge_distance": "wide"})
    bad = tmp_path / "bad.onnx"
    onnx.save(model, str(bad))
    with pytest.raises(ModelError, match="bad.onnx: metadata: merge_distance must be a number"):
        Reader.from_file(bad)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("deck", "uno", "metadata 'deck' is 'uno', expected one of"),
        ("stride", "four", "metadata 'stride' must be a whole number"),
        ("ranks", "not json", "metadata 'ranks' must be a JSON list of labels"),
        ("colours", "[]", "metadata 'colours' must be a non-empty JSON list of strings"),
        ("colours", '["R", "B", "G", "Y"]', "colourless ranks need the colour label '-'"),
        ("ranks", '["1", "13", "W", "S"]', "its labels make a card the notation lacks"),
        ("crop_size", "big", "metadata 'crop_size' and 'crop_context' must be numbers"),
        ("crop_ranks", '["1", "2", "W", "S"]', "metadata 'crop_ranks' lacks '-' .no index."),
        ("neighbour_span", "-1", "neighbour_span is a share of the index-to-centre distance"),
        # A JSON string is iterable as labels of one letter each; a number is no label.
        ("ranks", '"123456789"', "metadata 'ranks' must be a non-empty JSON list of strings"),
        ("colours", '["R", 2, "G"]', "metadata 'colours' must be a non-empty JSON list of str"),
    ],
)
def test_a_model_file_that_breaks_the_contract_is_refused_with_what_is_wrong(
        tmp_path: Path, key: str, value: str, message: str) -> None:
    import onnx

    model = onnx.load(str(model_path("phase10")))
    onnx.helper.set_model_props(model, {
        **{p.key: p.value for p in model.metadata_props}, key: value})
    bad = tmp_path / "bad.onnx"
    onnx.save(model, str(bad))
    with pytest.raises(ModelError, match=f"bad.onnx: .*{message}"):
        Reader.from_file(bad)


def test_negative_copies_are_refused() -> None:
    with pytest.raises(ValueError, match="copies must be 0"):
        Reader.from_file(params=DecodeParams(copies=-1))


def test_no_copies_means_no_bound_and_the_default_is_a_phase10_decks_two() -> None:
    # 0 is the documented "no bound" (vision read --copies 0), not a refused count; unset, a
    # reader bounds each face to the two copies of a Phase 10 or a zehn-phasen deck.
    assert Reader.from_file(params=DecodeParams(copies=0)).max_copies is None
    default = Reader.from_file().max_copies
    assert default is not None and default("R7") == 2


def test_the_default_params_every_reader_shares_cannot_be_changed_in_place() -> None:
    # DEFAULT_PARAMS is the default argument of Reader and Reader.from_file: one caller
    # setting a field on it in place would change how every reader made afterwards reads.
    import dataclasses

    from vision import DEFAULT_PARAMS

    with pytest.raises(dataclasses.FrozenInstanceError):
        DEFAULT_PARAMS.copies = 1  # type: ignore[misc]
    default = Reader.from_file().max_copies
    assert default is not None and default("R7") == 2


def _session(
    shape: list[object], outputs: tuple[str, ...] = OUTPUTS, **meta: str
) -> SimpleNamespace:
    """Just what ``read_info`` asks of an onnxruntime session: a detector's metadata, input
    and outputs, without building a graph."""
    labels = {"deck": "phase10", "stride": "4", "ranks": '["1", "2", "W", "S"]',
              "colours": '["R", "B", "-"]'}
    return SimpleNamespace(
        get_modelmeta=lambda: SimpleNamespace(custom_metadata_map={**labels, **meta}),
        get_inputs=lambda: [SimpleNamespace(name="image", shape=shape)],
        get_outputs=lambda: [SimpleNamespace(name=name) for name in outputs],
    )


def test_read_info_takes_a_fixed_input_size_with_any_batch() -> None:
    info = read_info(_session(["batch", 3, 480, 640]), Path("m.onnx"))
    assert (info.input_name, info.input_size, info.stride) == ("image", (640, 480), 4)
    assert info.crops is None  # a detector alone unless the file holds a reader


@pytest.mark.parametrize("shape", [[1, 3, "height", 640], [1, 3, 480, "width"], [1, 3, 480]])
def test_read_info_refuses_an_input_of_no_fixed_size(shape: list[object]) -> None:
    with pytest.raises(ModelError, match="input must be .1, 3, H, W. with fixed H and W"):
        read_info(_session(shape), Path("m.onnx"))


def test_read_info_names_the_outputs_a_detector_lacks() -> None:
    lacking = tuple(name for name in OUTPUTS if name not in ("centre", "size"))
    with pytest.raises(ModelError, match=r"outputs \['centre', 'size'\] are missing"):
        read_info(_session([1, 3, 480, 640], lacking), Path("m.onnx"))


def test_read_info_needs_no_colour_label_without_colourless_ranks() -> None:
    info = read_info(_session([1, 3, 48, 64], ranks='["1", "2"]', colours='["R", "B"]',
                              version="v7"), Path("m.onnx"))
    assert {token for _, _, token in info.token_table()} == {"R1", "R2", "B1", "B2"}
    assert info.version == "v7"
    assert read_info(_session([1, 3, 48, 64]), Path("m.onnx")).version == "?"


def test_read_info_checks_the_crop_readers_labels_too() -> None:
    crop = {"crop_size": "32", "crop_context": "1.5", "crop_colours": '["R", "B", "-"]'}
    good = _session([1, 3, 48, 64], crop_ranks='["1", "2", "W", "S", "-"]', **crop)
    crops = read_info(good, Path("m.onnx"), has_reader=True).crops
    assert crops is not None and crops.ranks[-1] == "-" and not crops.upright
    bad = _session([1, 3, 48, 64], crop_ranks='["1", "13", "W", "S", "-"]', **crop)
    with pytest.raises(ModelError, match="its labels make a card the notation lacks"):
        read_info(bad, Path("m.onnx"), has_reader=True)


def test_a_model_path_that_is_no_file_is_said_in_plain_words(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="none.onnx: no such file$"):
        open_sessions(tmp_path / "none.onnx")
    with pytest.raises(ModelError, match="a folder, not a model file$"):
        open_sessions(tmp_path)


def test_a_model_whose_path_is_not_utf_8_opens(tmp_path: Path) -> None:
    # onnxruntime takes a path only as UTF-8 text: --model 'm\xe9.onnx' got a dump of its
    # constructor's signatures as the error.
    import os

    path = tmp_path / os.fsdecode(b"m\xe9.onnx")
    path.write_bytes(model_path("phase10").read_bytes())
    assert Reader.from_file(path).info.deck.name == "phase10"


def test_a_detector_alone_opens_without_a_reader(tmp_path: Path) -> None:
    import onnx
    from onnx import TensorProto, helper

    image = helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 3, 8, 8])
    out = helper.make_tensor_value_info("heatmap", TensorProto.FLOAT, [1, 3, 8, 8])
    graph = helper.make_graph([helper.make_node("Identity", ["image"], ["heatmap"])], "d",
                              [image], [out])
    path = tmp_path / "detector.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(path))
    detector, reader = open_sessions(path)
    assert [i.name for i in detector.get_inputs()] == ["image"] and reader is None


def test_a_two_stage_file_without_the_onnx_package_is_said_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "onnx", None)  # import onnx raises ImportError
    with pytest.raises(ModelError, match="a two-stage model needs the onnx package"):
        open_sessions(model_path("phase10"))
