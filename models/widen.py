"""A narrow network's weights grown into a wider one that computes the same function.

The crop reader is a plain chain: each convolution reads the previous one's channels, and both
linear heads read the last convolution's (through the global average). A wider reader can start
from a narrow one's learnt weights instead of from scratch, and lose nothing on its first step:

- every layer keeps its old kernel in the corner of its new one;
- its new output channels get fresh weights from all its inputs, old and new, so that each starts
  as a different feature (copies of old channels would stay copies under Adam, which moves every
  weight by about the learning rate whatever the size of its gradient);
- every layer's weights from the previous layer's new channels start at zero, so the new channels
  add nothing to any old channel or to the heads until training moves those weights.

This works on the ``(kernel, bias)`` pairs of an exported file in call order (``models.recover``
reads them), before they are mapped back onto the training network.

    >>> import numpy as np
    >>> narrow = [(np.ones((2, 3, 3, 3), np.float32), None), (np.ones((4, 2), np.float32), None)]
    >>> wide = widened(narrow, [(3, 3, 3, 3), (4, 3)], np.random.default_rng(0))
    >>> [kernel.shape for kernel, _ in wide], float(wide[1][0][:, 2].sum())
    ([(3, 3, 3, 3), (4, 3)], 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

Stored = tuple[np.ndarray, np.ndarray | None]


class WidenError(ValueError):
    """The layers are not a chain that can be widened into the shapes asked for."""


def widened(stored: Sequence[Stored], shapes: Sequence[tuple[int, ...]],
            rng: np.random.Generator) -> list[Stored]:
    """``stored`` (kernels ``[out, in, ...]`` and biases of a chain of layers, in call order)
    grown to ``shapes``, computing the same outputs; see the module's docstring.

    Each layer reads the last convolution before it (4-d kernels), or the input for the first;
    the linear heads (2-d kernels) must keep their numbers of outputs."""
    if len(stored) != len(shapes):
        raise WidenError(f"{len(stored)} stored layers for {len(shapes)} shapes")
    grown: list[Stored] = []
    feeding_old = feeding_new = None  # output channels of the last convolution, before / after
    for index, ((kernel, bias), shape) in enumerate(zip(stored, shapes, strict=True)):
        old_out, old_in = kernel.shape[:2]
        new_out, new_in = shape[:2]
        if len(shape) != kernel.ndim or shape[2:] != kernel.shape[2:]:
            raise WidenError(f"layer {index}: kernel {kernel.shape} cannot become {shape}")
        expected_in = (old_in, old_in) if feeding_old is None else (feeding_old, feeding_new)
        if (old_in, new_in) != expected_in or new_out < old_out:
            raise WidenError(f"layer {index}: {kernel.shape} -> {shape} is not a wider layer "
                             f"of a plain chain (its input has {expected_in[0]} -> "
                             f"{expected_in[1]} channels)")
        if kernel.ndim == 2 and new_out != old_out:  # a head: its classes are the outputs
            raise WidenError(f"output layer {index} would change its size "
                             f"{old_out} -> {new_out}")
        fresh = _he(rng, (new_out, *shape[1:]))
        fresh[:old_out] = 0.0
        fresh[:old_out, :old_in] = kernel
        grown_bias = None
        if bias is not None:
            grown_bias = np.zeros(new_out, np.float32)
            grown_bias[:old_out] = bias
        grown.append((fresh, grown_bias))
        if kernel.ndim == 4:
            feeding_old, feeding_new = old_out, new_out
    return grown


def _he(rng: np.random.Generator, shape: tuple[int, ...]) -> np.ndarray:
    fan_in = int(np.prod(shape[1:]))
    std: float = (2.0 / fan_in) ** 0.5
    return (rng.standard_normal(shape) * std).astype(np.float32)
