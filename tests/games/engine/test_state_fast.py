"""The hand state's fast paths against the plain dataclass way: Action, Claim and HandState (plain
classes the compiled engine builds natively) behave as the frozen dataclasses they replaced, and the
states that start_hand, apply and replace make by copying and assigning fields equal the
constructor's, while the state they were given stays as it was."""

from __future__ import annotations

import pickle
from dataclasses import dataclass, fields, make_dataclass
from typing import Any

from games.engine import actions, new_hand, state
from games.engine.actions import Action, Claim
from games.engine.core import _apply_unchecked, replace
from games.engine.simulate import play_hand
from games.engine.state import FIELDS, HandState


@dataclass(frozen=True, slots=True)
class RefClaim:
    """Claim as it was: a frozen dataclass."""

    tile: int
    from_seat: int
    kind: str
    options: tuple[tuple[int, tuple[Action, ...]], ...]
    pending: tuple[int, ...]
    responses: tuple[Action, ...]


def _claims() -> list[tuple[Any, ...]]:
    a = Action(1, "pung", tile="5m")
    p = Action(1, "pass")
    h = Action(2, "hu", tile="5m")
    return [
        (4, 0, "discard", ((1, (a, p)), (2, (h, Action(2, "pass")))), (1, 2), ()),
        (4, 0, "discard", ((1, (a, p)),), (), (a,)),
        (30, 3, "rob", ((2, (h,)),), (2,), (h,)),
        (4, 0, "discard", (), (), ()),
    ]


@dataclass(frozen=True, slots=True)
class RefAction:
    """Action as it was: a frozen dataclass."""

    seat: int
    type: str
    tile: str | None = None
    tiles: str | None = None
    choice: str | int | None = None


def test_action_behaves_as_the_frozen_dataclass() -> None:
    fields_ = [
        (1, "discard", "5m", None, None),
        (0, "chow", "3s", "345s", None),
        (2, "dingque", None, None, "m"),
        (3, "paozi", None, None, 2),
        (3, "pass", None, None, None),
    ]
    made = [Action(*f) for f in fields_]
    refs = [RefAction(*f) for f in fields_]
    for a, r in zip(made, refs, strict=True):
        assert repr(a) == repr(r).replace("RefAction(", "Action(")
        assert hash(a) == hash(r)
        assert pickle.loads(pickle.dumps(a)) == a
        assert Action.from_json(a.to_json()) == a
        assert Action(**{f.name: getattr(r, f.name) for f in fields(RefAction)}) == a
    for i, a in enumerate(made):
        for j, b in enumerate(made):
            assert (a == b) == (i == j) == (refs[i] == refs[j])
        assert a != refs[i] and a != "discard"
    assert Action(1, "discard", tile="5m") == made[0]  # keywords and defaults as before
    assert Action(seat=2, type="dingque", choice="m") == made[2]


def test_claim_is_the_state_modules_claim() -> None:
    assert state.Claim is actions.Claim is Claim


def test_claim_behaves_as_the_frozen_dataclass() -> None:
    made = [Claim(*f) for f in _claims()]
    refs = [RefClaim(*f) for f in _claims()]
    for c, r in zip(made, refs, strict=True):
        assert repr(c) == repr(r).replace("RefClaim(", "Claim(")
        assert hash(c) == hash(r)
        assert (c.tile, c.from_seat, c.kind, c.options, c.pending, c.responses) == tuple(
            getattr(r, f.name) for f in fields(r)
        )
        assert Claim.from_json(c.to_json()) == c
        assert c.options_of(1) == dict(c.options).get(1, ())
        assert c.options_of(3) == ()
    for i, c in enumerate(made):
        for j, d in enumerate(made):
            assert (c == d) == (i == j) == (refs[i] == refs[j])
            assert (c != d) == (i != j)
        assert c != refs[i]  # another class: not equal, as between two dataclasses
        assert c != "claim"
    for c in made:
        assert pickle.loads(pickle.dumps(c)) == c
    assert Claim(**{f.name: getattr(refs[0], f.name) for f in fields(RefClaim)}) == made[0]
    moved = replace(made[0], pending=(2,))
    assert isinstance(moved, Claim) and moved.pending == (2,) and moved.options == made[0].options


#: HandState as it was: a frozen dataclass with the same fields
RefState = make_dataclass("HandState", FIELDS, frozen=True)


def _fields_of(s: HandState) -> dict[str, Any]:
    return {name: getattr(s, name) for name in FIELDS}


def _same_state(a: HandState, b: HandState) -> None:
    assert a == b
    assert _fields_of(a) == _fields_of(b)


def test_hand_state_behaves_as_the_frozen_dataclass() -> None:
    states = [new_hand("wuhan", {}, dealer=d, seed=f"ref:{d}")[0] for d in range(3)]
    states.append(play_hand("sichuan", {}, "ref:over", checked=False)[0])
    refs = [RefState(**_fields_of(s)) for s in states]
    assert [f.name for f in fields(RefState)] == list(FIELDS)
    for s, r in zip(states, refs, strict=True):
        assert repr(s) == repr(r)
        assert HandState.from_json(s.to_json()) == s
        assert pickle.loads(pickle.dumps(states[0])) == states[0]  # (no claim window: no Action)
        try:
            hash(s)
        except TypeError:
            pass
        else:
            raise AssertionError("a state holds dicts: unhashable, as the dataclass was")
    for i, s in enumerate(states):
        for j, t in enumerate(states):
            assert (s == t) == (i == j) == (refs[i] == refs[j])
            assert (s != t) == (i != j)
        assert s != refs[i]  # another class: not equal, as between two dataclasses
    for bad in ("nope", "to_json", "__class__"):
        try:
            replace(states[0], **{"n_actions": 7, bad: 1})
        except TypeError as e:
            assert bad in str(e)
        else:
            raise AssertionError(f"replace took {bad!r}")
        assert states[0].n_actions == 0


def test_states_built_by_copies_equal_the_constructors() -> None:
    for variant, opts in [
        ("sichuan", {}),
        ("sichuan", {"bloody": True}),
        ("fuzhou", {}),
        ("shaanxi", {}),
        ("wuhan", {}),
        ("yiwu", {}),
    ]:
        for i in range(6):
            seed = f"dict:{i}"
            s, _ = new_hand(variant, opts, dealer=i % 4, seed=seed)
            _same_state(s, HandState(**_fields_of(s)))
            _, _, played = play_hand(variant, opts, seed, dealer=i % 4, checked=False)
            for a in played[:40]:
                before = HandState.from_json(s.to_json())
                s2, _ = _apply_unchecked(s, Action.from_json(a))
                assert s == before  # the input state is untouched
                _same_state(s2, HandState(**_fields_of(s2)))
                r = replace(s2, n_actions=0)
                assert r is not s2 and r.n_actions == 0 and s2.n_actions == s.n_actions + 1
                _same_state(replace(r, n_actions=s2.n_actions), s2)
                s = s2


def _other(value: Any) -> Any:
    """A value of the same type as ``value`` (the compiled class checks field types), unequal."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "'"
    if isinstance(value, tuple):
        return value[1:]
    return {**(value or {}), "marked": True}  # a dict field (or one that is None all hand long)


def test_copy_state_copies_every_field() -> None:
    """copy_state names each field by hand (the hot copy). For every field of FIELDS, two states
    that differ in that field only must copy as themselves: a field copy_state leaves out keeps
    one starting value (or none) in both copies, and fails here by name."""
    final, _, played = play_hand("sichuan", {"bloody": True}, "copy:every", checked=False)
    states = [new_hand("sichuan", {"bloody": True}, dealer=final.dealer, seed="copy:every")[0]]
    for a in played:
        states.append(_apply_unchecked(states[-1], Action.from_json(a))[0])
    for name in FIELDS:
        first = getattr(states[0], name)
        other = next((getattr(t, name) for t in states if getattr(t, name) != first), None)
        if other is None:
            other = _other(first)
        for value in (first, other):
            marked = replace(states[len(states) // 2], **{name: value})
            copied = state.copy_state(marked)
            assert copied is not marked and copied.memo(0) is marked.memo(0)
            assert getattr(copied, name, None) == value, f"copy_state does not copy {name!r}"


def test_fields_are_the_declared_ones_and_all_needed() -> None:
    """HandState(**fields) takes the declared fields only, and every one without a starting
    value; the others start as declared."""
    s = new_hand("wuhan", {}, dealer=1, seed="fields:declared")[0]
    given = _fields_of(s)
    for bad in ("nope", "memo", "_legal"):
        try:
            HandState(**given, **{bad: 1})
        except TypeError as e:
            assert bad in str(e)
        else:
            raise AssertionError(f"HandState took {bad!r}")
    needed = {"variant", "options", "dealer", "seed", "wall", "head", "turn", "hands", "drawn"}
    needed |= {"ext", "carry"}
    for name in FIELDS:
        partial = {k: v for k, v in given.items() if k != name}
        try:
            made = HandState(**partial)
        except TypeError as e:
            assert name in needed and name in str(e), name
        else:
            assert name not in needed, name
            assert hasattr(made, name)
