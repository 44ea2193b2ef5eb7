"""``simulate`` refuses counts it could never finish, in one line with status 2."""

from __future__ import annotations

import pytest

from seven_rocks.cli import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "9223372036854775808"], "at most 10,000,000 games"),
        (["--games", str(2**64)], "at most 10,000,000 games"),
        (["--games", "10" * 2000], "a 4000-digit number"),
        (["--target", str(10**12)], "the target is at most 10,000"),
    ],
)
def test_simulate_refuses_endless_counts(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *argv])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1 and len(err) < 200


def test_simulate_says_its_limits(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "how many games, 1 to 10,000,000" in out and "points to win, 1 to 10,000 (" in out


def test_the_largest_target_is_still_a_game_that_ends() -> None:
    assert main(["simulate", "--games", "1", "--target", "10000"]) == 0
