"""A narrow reader's weights grown into a wider reader (``models.widen``, ``--widths``): the
wide one starts computing exactly what the narrow one computed, and learns new channels."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from models.widen import WidenError, widened

MODELS = Path(__file__).resolve().parents[2] / "models"


def chain(rng: np.random.Generator) -> list[tuple[np.ndarray, np.ndarray | None]]:
    """conv 3->4, conv 4->6, and two heads on the last conv's 6 channels."""
    return [(rng.standard_normal((4, 3, 3, 3)).astype(np.float32), None),
            (rng.standard_normal((6, 4, 3, 3)).astype(np.float32),
             rng.standard_normal(6).astype(np.float32)),
            (rng.standard_normal((5, 6)).astype(np.float32), rng.standard_normal(5).astype(
                np.float32)),
            (rng.standard_normal((2, 6)).astype(np.float32), None)]


WIDE = [(7, 3, 3, 3), (9, 7, 3, 3), (5, 9), (2, 9)]


def test_old_weights_stay_new_channels_are_fresh_and_feed_nothing_old() -> None:
    stored = chain(np.random.default_rng(0))
    grown = widened(stored, WIDE, np.random.default_rng(1))
    assert [kernel.shape for kernel, _ in grown] == WIDE
    (conv1, _), (conv2, bias2), (rank, rank_bias), (colour, _) = grown
    np.testing.assert_array_equal(conv1[:4], stored[0][0])
    np.testing.assert_array_equal(conv2[:6, :4], stored[1][0])
    # Nothing old reads a new channel, so the outputs cannot change ...
    assert not conv2[:6, 4:].any() and not rank[:, 6:].any() and not colour[:, 6:].any()
    # ... while each new channel reads every input, old and new, with weights of its own.
    assert conv1[4:].all() and conv2[6:].all()
    assert len({conv2[row].tobytes() for row in range(6, 9)}) == 3
    assert bias2 is not None and not bias2[6:].any()
    assert rank_bias is not None and np.array_equal(rank_bias, stored[2][1])
    again = widened(stored, WIDE, np.random.default_rng(1))
    assert all(np.array_equal(a, b) for (a, _), (b, _) in zip(grown, again, strict=True))


@pytest.mark.parametrize("shapes, message", [
    ([(3, 3, 3, 3), (6, 3, 3, 3), (5, 6), (2, 6)], "not a wider layer"),
    ([(4, 3, 3, 3), (6, 4, 3, 3), (7, 6), (2, 6)], "output layer 2 would change its size"),
    ([(4, 3, 5, 5), (6, 4, 3, 3), (5, 6), (2, 6)], "cannot become"),
    ([(4, 3, 3, 3), (6, 5, 3, 3), (5, 6), (2, 6)], "not a wider layer of a plain chain"),
    ([(4, 3, 3, 3)], "4 stored layers for 1 shapes"),
])
def test_what_is_not_a_wider_chain_is_refused(shapes: list[tuple[int, ...]],
                                              message: str) -> None:
    with pytest.raises(WidenError, match=message):
        widened(chain(np.random.default_rng(0)), shapes, np.random.default_rng(1))


def test_a_wider_reader_grown_from_the_committed_file_reads_as_that_file() -> None:
    torch = pytest.importorskip("torch", reason="needs torch (requirements-train.txt)")
    from models import reader
    from models.recover import READER, RecoverError, recovered_state
    from models.train import load_matching

    committed = MODELS / "standard.onnx"
    narrow = reader.new_model(reader.Config(deck="standard", crop_size=48))
    narrow.load_state_dict(recovered_state(narrow, committed, READER))
    wide = reader.new_model(reader.Config(deck="standard", crop_size=48,
                                          widths=(24, 48, 96, 192)))
    with pytest.raises(RecoverError, match="the file's kernel is"):
        recovered_state(wide, committed, READER)  # growing is asked for, never guessed
    assert load_matching(wide, committed, "standard", reader.CLASS_LAYERS, READER,
                         widen_seed=3) == (len(wide.state_dict()), 0)
    crops = torch.rand(8, 3, 48, 48, generator=torch.Generator().manual_seed(4))
    with torch.no_grad():
        for have, want in zip(wide.eval()(crops), narrow.eval()(crops), strict=True):
            torch.testing.assert_close(have, want, atol=1e-4, rtol=1e-4)


def test_widths_set_up_a_fresh_run_only() -> None:
    pytest.importorskip("torch", reason="needs torch (requirements-train.txt)")
    from models import reader
    from models.train import fresh_run_fields

    fields = fresh_run_fields(reader.parse_args(["--widths", "24", "48", "96", "192"]),
                              ("widths",))
    assert reader.Config(**fields).widths == (24, 48, 96, 192)
    assert reader.dry_run_config(0, **fields).widths == (24, 48, 96, 192)
    with pytest.raises(ValueError, match="--widths sets up a fresh run"):
        fresh_run_fields(reader.parse_args(["--widths", "8", "8", "8", "8", "--resume"]),
                         ("widths",))


def test_a_dry_run_grows_the_committed_reader_and_exports_the_wider_one(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch", reason="needs torch (requirements-train.txt)")
    import json

    from models import reader

    assert reader.main(["--dry-run", "--deck", "standard", "--upright", "--no-progress",
                        "--init-from", str(MODELS / "standard.onnx"),
                        "--widths", "24", "48", "96", "192"]) == 0
    out, err = capsys.readouterr()
    assert "loaded 46 tensors, kept 0 fresh" in err and "parameters: 659084" in err
    # The export holds the wider reader: about 2.25x the committed reader's weights.
    assert json.loads(out.strip().splitlines()[-1])["onnx_bytes"] > 2_000_000


def test_a_reader_narrower_than_the_file_is_a_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch", reason="needs torch (requirements-train.txt)")
    from models import reader

    argv = ["--deck", "standard", "--upright", "--no-progress", "--init-from",
            str(MODELS / "standard.onnx"), "--widths", "8", "8", "8", "8"]
    assert reader.main(["--dry-run", *argv]) == 2
    assert "cannot grow into the network: layer 0" in capsys.readouterr().err
    assert reader.main(["--run-dir", str(tmp_path), "--minutes", "0.1", *argv]) == 2
    assert "cannot grow into the network" in capsys.readouterr().err
