"""Training weights back out of a committed ONNX file, so that any checkout can fine-tune.

Training checkpoints live in ``runs/`` (ignored by git), so a fresh checkout — a new session, a
lent GPU machine — has none: only ``models/phase10.onnx`` and ``models/standard.onnx``. Their
graphs hold every weight, with each BatchNorm folded into the convolution before it. This module
maps them back onto the training networks in the order the layers run:

- a convolution followed by BatchNorm gets the folded kernel rescaled per output channel to
  the size of a fresh one, and the BatchNorm carries that scale and the folded bias (mean 0,
  variance ``1 - eps``), so that folding it again at export gives back the same numbers;
- every other convolution or linear layer takes its kernel and bias as they are.

The running statistics of the original BatchNorms are gone, so a run started this way must keep
them frozen (``Config.frozen_norm``, set by ``--init-from FILE.onnx``): in training mode they
would normalise by batch statistics the folded weights never saw.

    >>> import models.reader as reader
    >>> model = reader.new_model(reader.Config(deck="standard"))
    >>> state = recovered_state(model, Path("models/standard.onnx"), READER)
    >>> len(state) == len(model.state_dict()), onnx_deck(Path("models/standard.onnx"))
    (True, 'standard')
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import ModelProto, numpy_helper
from torch import nn

from models.merge import READER_INPUT, MergeError, load_onnx, split
from models.widen import WidenError, widened

#: Which half of a file a network takes its weights from (a merged file holds both; a file of
#: the detector alone holds only the first).
DETECTOR = "detector"
READER = "reader"
HALVES = (DETECTOR, READER)


class RecoverError(ValueError):
    """The file's weights do not fit the network (another shape, or not such a file)."""


def onnx_deck(path: Path) -> str:
    """The deck a model file was trained on (its ``deck`` metadata)."""
    meta: dict[str, str] = {p.key: p.value for p in _load(path).metadata_props}
    if "deck" not in meta:
        raise RecoverError(f"{path} names no deck in its metadata")
    return meta["deck"]


def onnx_crop_size(path: Path) -> int | None:
    """The side of the crops a model file's reader reads (its ``crop_size`` metadata; ``None``
    for a file without a reader), so a fine-tune from it keeps that size.

    >>> onnx_crop_size(Path("models/phase10.onnx"))
    32
    """
    meta = {p.key: p.value for p in _load(path).metadata_props}
    return int(meta["crop_size"]) if "crop_size" in meta else None


def recovered_state(model: nn.Module, path: Path, half: str,
                    widen_seed: int | None = None) -> dict[str, torch.Tensor]:
    """A state dict for ``model`` (the unfused training network) that computes what ``half``
    of the ONNX file at ``path`` computes; see the module's docstring.

    With ``widen_seed``, a network wider than the file's (a plain chain: the crop reader) gets
    the file's weights grown to its widths by ``models.widen``, its new channels drawn from
    that seed."""
    graph = _half(_load(path), half, path).graph
    stored = _weight_nodes(graph)
    layers = _layers_in_call_order(model)
    if len(stored) != len(layers):
        raise RecoverError(f"the {half} in {path} has {len(stored)} weight layers, the network "
                           f"{len(layers)}: another architecture")
    shapes = [tuple(layer.weight.shape) for _, layer, _ in layers]
    if widen_seed is not None and [k.shape for k, _ in stored] != shapes:
        try:
            stored = widened(stored, shapes, np.random.default_rng(widen_seed))
        except WidenError as error:
            raise RecoverError(f"the {half} in {path} cannot grow into the network: "
                               f"{error}") from error
    state = {name: tensor.clone() for name, tensor in model.state_dict().items()}
    for (name, layer, norm), (kernel, bias) in zip(layers, stored, strict=True):
        if tuple(layer.weight.shape) != kernel.shape:
            raise RecoverError(f"{name}: the file's kernel is {kernel.shape}, the network's "
                               f"{tuple(layer.weight.shape)}")
        weight = torch.from_numpy(kernel.copy())
        bias_tensor = torch.from_numpy(bias.copy() if bias is not None
                                       else np.zeros(kernel.shape[0], np.float32))
        if norm is None:
            if layer.bias is None:
                raise RecoverError(f"{name} has no bias for the file's folded one")
            state[f"{name}.weight"] = weight
            state[f"{name}.bias"] = bias_tensor
        else:
            norm_name, bn = norm
            assert bn.running_mean is not None and bn.running_var is not None  # tracked stats
            kernel_scale, norm_scale = _split_scale(weight)
            state[f"{name}.weight"] = weight / kernel_scale
            state[f"{norm_name}.weight"] = norm_scale
            state[f"{norm_name}.bias"] = bias_tensor
            state[f"{norm_name}.running_mean"] = torch.zeros_like(bn.running_mean)
            state[f"{norm_name}.running_var"] = torch.full_like(bn.running_var, 1.0 - bn.eps)
    return state


def _split_scale(kernel: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Per output channel, how to share the folded kernel's size between the convolution and
    the BatchNorm's scale: the kernel gets He initialisation's size (RMS sqrt(2 / fan-in)), the
    scale the rest. Folded kernels of deep layers are 10x smaller than that, and Adam moves
    every weight by about the learning rate, whatever its size; left there, a fine-tune's first
    steps would rewrite them (measured: the standard detector's own validation F1 fell from
    0.634 to 0.539 in 12 minutes at lr 5e-4)."""
    fan_in = kernel[0].numel()
    rms = kernel.flatten(1).pow(2).mean(dim=1).sqrt()
    norm_scale = torch.where(rms > 0, rms / (2.0 / fan_in) ** 0.5, torch.ones_like(rms))
    return norm_scale.view(-1, *([1] * (kernel.dim() - 1))), norm_scale


def _load(path: Path) -> ModelProto:
    try:
        return load_onnx(path, "model")
    except MergeError as error:  # one error type for callers of this module
        raise RecoverError(str(error)) from error


def _half(model: ModelProto, half: str, path: Path) -> ModelProto:
    if half not in HALVES:
        raise RecoverError(f"unknown half {half!r}: one of {', '.join(HALVES)}")
    merged = any(i.name == READER_INPUT for i in model.graph.input)
    if not merged:
        if half == READER:
            raise RecoverError(f"{path} holds no crop reader (not a merged file)")
        return model
    return split(model)[HALVES.index(half)]


def _weight_nodes(graph: onnx.GraphProto) -> list[tuple[np.ndarray, np.ndarray | None]]:
    """(kernel, bias) of every Conv and Gemm node with stored weights, in graph order (the
    exporter writes nodes in the order the traced forward ran them)."""
    stored = {t.name: numpy_helper.to_array(t) for t in graph.initializer}
    found = []
    for node in graph.node:
        if node.op_type in ("Conv", "Gemm") and node.input[1] in stored:
            bias = stored.get(node.input[2]) if len(node.input) > 2 else None
            found.append((stored[node.input[1]], bias))
    return found


Layer = nn.Conv2d | nn.Linear
Norm = tuple[str, nn.BatchNorm2d]


def _layers_in_call_order(model: nn.Module) -> list[tuple[str, Layer, Norm | None]]:
    """Every conv and linear layer of ``model`` in the order its forward calls them, each with
    the BatchNorm that follows it in its Sequential (the pairs ``fuse_batchnorm`` folds)."""
    names = {module: name for name, module in model.named_modules()}
    following: dict[nn.Module, Norm] = {}
    for module in model.modules():
        if isinstance(module, nn.Sequential):
            for layer, nxt in zip(module, list(module)[1:], strict=False):
                if isinstance(layer, nn.Conv2d) and isinstance(nxt, nn.BatchNorm2d):
                    following[layer] = (names[nxt], nxt)
    order: list[Layer] = []
    hooks = [m.register_forward_pre_hook(lambda m, _: order.append(m) if m not in order else None)
             for m in model.modules() if isinstance(m, nn.Conv2d | nn.Linear)]
    was_training = model.training
    try:
        model.eval()
        with torch.no_grad():
            # 64 px passes every stride of the detector and is a valid (larger) crop.
            model(torch.zeros(1, 3, 64, 64, device=next(model.parameters()).device))
    finally:
        for hook in hooks:
            hook.remove()
        model.train(was_training)
    return [(names[layer], layer, following.get(layer)) for layer in order]
