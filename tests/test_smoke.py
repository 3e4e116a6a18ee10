from wortsuche import generate
from wortsuche.verification.verifier import verify_puzzle


def test_official_example_0_is_verified_at_hard() -> None:
    puzzle = generate(["TORF", "VOR", "RAD", "EVA"], rows=5, cols=5, level="hard", seed=1)
    assert verify_puzzle(puzzle).ok
    assert set(puzzle.placements) == {"TORF", "VOR", "RAD", "EVA"}
