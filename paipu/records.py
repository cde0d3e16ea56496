"""A quicker ``__init__`` for a frozen dataclass that must stay a Python class.

A frozen dataclass refuses assignment, so the ``__init__`` that :func:`dataclasses.dataclass`
writes sets each field through ``object.__setattr__``: a generic call that costs about
1,600 machine instructions per field. :func:`quick_init` gives such a class an ``__init__``
with the same parameters, defaults and ``__post_init__`` call that stores each field through
its slot's own descriptor.

The records made by the thousand (hands, deals, calls, wins, draws, rounds, the engine's
expectations, scores) no longer use it: each has its own ``__init__`` of
``object.__setattr__(self, "field", value)`` lines, which mypyc compiles to native stores
(0.14-0.23 against 0.36-1.23 µs a record compiled, 2026-11-28; see
``docs/architecture.md``, "The compiled core"). Its one user is
:class:`~paipu.scoring.Situation`, which converts values its fields' types do not say (a
wind as ``"E"``, lists for tuples) in ``__post_init__`` and so must stay a Python class: used
as its decorator, ``quick_init`` also keeps mypyc from making it a native one (mypyc makes
a class under a decorator it does not know an ordinary Python class). Measured reason
(2026-11-28, 13 fields): 3.05 against 4.16 µs per ``Situation`` compiled, 3.05 against
4.69 µs interpreted, one made per scored win (``score``'s keywords make one per call).

:func:`pickle_by_fields` has pickle and :mod:`copy` make a frozen record again by calling
its class with its fields. Compiled, a record's class is an extension type whose own
``__setstate__`` (mypyc's) sets each field through the frozen ``__setattr__``, and
unpickling failed with ``FrozenInstanceError``; registered with :mod:`copyreg`, a record
pickles the same in both builds, and a pickle of one build loads in the other.
"""

from __future__ import annotations

import copyreg
import dataclasses
from types import MemberDescriptorType
from typing import Any, TypeVar

__all__ = ["quick_init", "pickle_by_fields"]

T = TypeVar("T", bound=type)


def quick_init(cls: T) -> T:
    """Give ``cls``, a ``@dataclass(frozen=True, slots=True)`` class, the quicker
    ``__init__`` (see the module); returns ``cls``. Call it right after the class.

    TypeError for a class that is not a frozen dataclass with slots (a Python class), or that has a field
    this ``__init__`` would not make as dataclasses' does (a default factory, a
    keyword-only field, a field left out of ``__init__`` with a default). A field left out
    without a default is left to ``__post_init__``, as dataclasses' ``__init__`` leaves it.
    The one dataclasses wrote is kept as ``__init__.__wrapped__``.
    """
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
    namespace: dict[str, object] = {}
    parameters, body = [], []
    for field in dataclasses.fields(cls):
        name = field.name
        if not field.init and field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING:
            continue  # made by __post_init__
        if not field.init or field.kw_only or field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{name}: only plain fields, with or without a default")
        descriptor = vars(cls).get(name)
        if not isinstance(descriptor, MemberDescriptorType):  # a native class's field is no slot
            raise TypeError(f"{cls.__name__} is not a frozen dataclass with slots")
        namespace[f"_set_{name}"] = descriptor.__set__
        if field.default is dataclasses.MISSING:
            parameters.append(name)
        else:
            namespace[f"_default_{name}"] = field.default
            parameters.append(f"{name}=_default_{name}")
        body.append(f"_set_{name}(self, {name})")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    exec(f"def __init__(self, {', '.join(parameters)}):\n    " + "\n    ".join(body), namespace)
    init: Any = namespace["__init__"]  # the function exec defined
    generated = vars(cls)["__init__"]  # the dataclass's
    init.__qualname__, init.__doc__ = f"{cls.__qualname__}.__init__", generated.__doc__
    init.__annotations__ = dict(generated.__annotations__)
    init.__wrapped__ = generated
    cls.__init__ = init  # type: ignore[misc]  # the dataclass's __init__ replaced on purpose
    return cls


def pickle_by_fields(*classes: type) -> None:
    """Have pickle and :mod:`copy` make each of ``classes`` (frozen dataclasses, their
    ``__init__`` taking the fields it takes in order) again by calling the class with the
    fields its ``__init__`` takes (see the module)."""
    for cls in classes:
        copyreg.pickle(cls, _made_again)


def _made_again(record: Any) -> tuple[type, tuple[object, ...]]:
    """How to make ``record`` again: its class, and the fields its ``__init__`` takes."""
    return type(record), tuple([getattr(record, spec.name) for spec in dataclasses.fields(record) if spec.init])
