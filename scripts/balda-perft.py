#!/usr/bin/env python3
"""Balda perft by plain brute force, written apart from the engine, for engine/tests/data/perft/balda.txt.

For each line of the data file (fields `language`, `size`, `players`, `words`, `moves`, `depth`) it prints the line
with `counts=` computed here: the number of sequences of each length of legal moves from the position after
`moves`. A move is every (empty cell touching a letter, letter of the alphabet, simple path of orthogonal
neighbours through filled cells and that cell, of 3 letters at least) whose word is in `words` and is neither the
start word nor one named before, or a pass. The start word is the list's only word of `size` letters, across the
middle row (row size // 2 from 0 at the bottom). The game ends when the grid is full or after 3 passes in a row
per player. No pruning: every simple path is tried.

Usage: scripts/balda-perft.py < lines > engine/tests/data/perft/balda.txt (comments pass through).
"""

import sys

ALPHABETS = {
    "en": "abcdefghijklmnopqrstuvwxyz",
    "ru": "абвгдежзийклмнопрстуфхцчшщъыьэюя",
    "pl": "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż",
}


def cell_name(cell):
    column, row = cell
    return f"{chr(97 + column)}{row + 1}"


def parse_cell(text):
    return (ord(text[0]) - 97, int(text[1:]) - 1)


class Game:
    def __init__(self, language, size, players, words):
        self.alphabet = ALPHABETS[language]
        self.size = size
        self.players = players
        self.words = set(words)
        starts = [word for word in words if len(word) == size]
        assert len(starts) == 1, f"one word of {size} letters: {starts}"
        self.start = starts[0]
        self.grid = {}
        for column, letter in enumerate(self.start):
            self.grid[(column, size // 2)] = letter
        self.played = set()
        self.passes = 0
        self.over = False

    def neighbours(self, cell):
        column, row = cell
        for dc, dr in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            c, r = column + dc, row + dr
            if 0 <= c < self.size and 0 <= r < self.size:
                yield (c, r)

    def paths_through(self, target):
        """Every simple path of filled cells (the target counted filled) holding the target, 3 cells or more."""
        filled = set(self.grid) | {target}
        found = []

        def extend(path):
            if len(path) >= 3 and target in path:
                found.append(list(path))
            for nxt in self.neighbours(path[-1]):
                if nxt in filled and nxt not in path:
                    path.append(nxt)
                    extend(path)
                    path.pop()

        for start in sorted(filled):
            extend([start])
        return found

    def moves(self):
        if self.over:
            return []
        result = []
        for row in range(self.size):
            for column in range(self.size):
                target = (column, row)
                if target in self.grid or not any(n in self.grid for n in self.neighbours(target)):
                    continue
                paths = self.paths_through(target)
                for letter in self.alphabet:
                    for path in paths:
                        word = "".join(letter if cell == target else self.grid[cell] for cell in path)
                        if word in self.words and word != self.start and word not in self.played:
                            result.append((target, letter, tuple(path), word))
        result.append(None)
        return result

    def play(self, move):
        """Plays `move` and returns what undoes it."""
        undo = (self.passes, self.over)
        if move is None:
            self.passes += 1
        else:
            target, letter, _, word = move
            self.grid[target] = letter
            self.played.add(word)
            self.passes = 0
        if len(self.grid) == self.size * self.size or self.passes >= 3 * self.players:
            self.over = True
        return undo

    def undo(self, move, undo):
        self.passes, self.over = undo
        if move is not None:
            target, _, _, word = move
            del self.grid[target]
            self.played.discard(word)


def perft(game, depth, counts, level=0):
    if level == depth:
        return
    for move in game.moves():
        counts[level] += 1
        undo = game.play(move)
        perft(game, depth, counts, level + 1)
        game.undo(move, undo)


def replay(game, text):
    """Plays moves written `c4=k:b4,c4,c3` or `pass`, separated by `;`, checking each is among the legal ones."""
    for token in filter(None, text.split(";")):
        legal = game.moves()
        if token == "pass":
            move = None
        else:
            cell, rest = token.split("=")
            letter, path = rest.split(":")
            target, path = parse_cell(cell), tuple(parse_cell(c) for c in path.split(","))
            matching = [m for m in legal if m and m[0] == target and m[1] == letter and m[2] == path]
            assert matching, f"{token} is not legal"
            move = matching[0]
        game.play(move)


def main():
    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line.strip() or line.startswith("#"):
            print(line)
            continue
        fields = dict(field.split("=", 1) for field in line.split())
        game = Game(fields["language"], int(fields["size"]), int(fields["players"]), fields["words"].split(","))
        replay(game, fields.get("moves", ""))
        depth = int(fields.pop("depth"))
        counts = [0] * depth
        perft(game, depth, counts)
        fields["counts"] = ",".join(map(str, counts))
        print(" ".join(f"{key}={value}" for key, value in fields.items()))


if __name__ == "__main__":
    main()
