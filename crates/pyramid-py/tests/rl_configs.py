"""The games and rule options the reinforcement-learning tests (`test_rl.py`,
`test_gymnasium_vector.py`) run every check on: each game, 4-seat Martian Chess, 3-seat
Ataxx-ice on a small board, and Stacktrices from its standard start."""

CONFIGS = [
    ("martian-chess", {}),
    ("martian-chess", {"players": 4}),
    ("ataxx-ice", {"size": "6"}),
    ("ataxx-ice", {"players": 3, "size": "6"}),
    ("card-siege", {}),
    ("stacktrices", {"start": "standard"}),
]
