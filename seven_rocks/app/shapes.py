"""The keys of a TypedDict, read from its annotations.

``__required_keys__`` and ``__optional_keys__`` are wrong on Python 3.11 for a class whose
module uses ``from __future__ import annotations`` (every ``NotRequired`` key counts as
required), so the keys are read from the evaluated type hints instead, where
``NotRequired[...]`` survives; cached, because the worker reads them on every request.

>>> from typing import NotRequired, TypedDict
>>> class Point(TypedDict):
...     x: int
...     label: NotRequired[str]
>>> fields_of(Point)
{'x': Field(hint=<class 'int'>, required=True), 'label': Field(hint=<class 'str'>, required=False)}
"""

from __future__ import annotations

import functools
import typing
from typing import NamedTuple, NotRequired, Required


class Field(NamedTuple):
    """One key of a TypedDict: its type (without ``NotRequired``) and whether it must be there."""

    hint: object
    required: bool


@functools.cache
def fields_of(shape: type) -> dict[str, Field]:
    """Each key of the TypedDict ``shape``, in order, with its type and whether it is required."""
    total = getattr(shape, "__total__", True)
    out: dict[str, Field] = {}
    for key, hint in typing.get_type_hints(shape, include_extras=True).items():
        origin = typing.get_origin(hint)
        if origin in (NotRequired, Required):
            out[key] = Field(typing.get_args(hint)[0], origin is Required)
        else:
            out[key] = Field(hint, total)
    return out
