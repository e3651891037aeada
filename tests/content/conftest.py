"""Fixtures of the content tests: the complete test pack (``packdata``), as data or on disk."""

from __future__ import annotations

import pytest
from packdata import complete_pack, write


@pytest.fixture
def pack() -> dict[str, object]:
    """The complete test pack as data, ready to be broken by a test."""
    return complete_pack()


@pytest.fixture
def write_pack(tmp_path):
    """Write pack data into a fresh directory and return the directory."""
    counter = iter(range(1000))
    return lambda files: write(files, tmp_path / f"pack-{next(counter)}")
