"""Runs pixelmatch on every image pair in a folder, for ImageDiff's reference test.

Usage: pixelmatch-reference.py FOLDER
FOLDER holds NAME-expected.png and NAME-actual.png pairs of equal size. For each NAME (sorted)
this prints "NAME DIFF AA" (pixelmatch's count, and the anti-aliased pixels it painted yellow)
and writes pixelmatch's diff image as NAME-pixelmatch.png. Threshold 0.1, includeAA=False: the
defaults, as ImageDiff's. pixelmatch.core.pixelmatch gets raw RGBA bytes, as the package's PIL
helper passes them for images that differ.
"""

import os
import sys

from PIL import Image
from pixelmatch.core import pixelmatch

YELLOW = (255, 255, 0, 255)


def rgba(path):
    with Image.open(path) as image:
        converted = image.convert("RGBA")
        return converted.size, converted.tobytes()


def compare(folder, name):
    size, expected = rgba(os.path.join(folder, name + "-expected.png"))
    actual_size, actual = rgba(os.path.join(folder, name + "-actual.png"))
    if size != actual_size:
        raise SystemExit(f"{name}: sizes differ: {size} and {actual_size}")
    width, height = size
    output = bytearray(len(expected))
    diff = pixelmatch(list(expected), list(actual), width, height, output)
    aa = sum(
        1 for i in range(0, len(output), 4) if tuple(output[i : i + 4]) == YELLOW
    )
    Image.frombytes("RGBA", size, bytes(output)).save(
        os.path.join(folder, name + "-pixelmatch.png")
    )
    return diff, aa


def main():
    folder = sys.argv[1]
    suffix = "-expected.png"
    names = sorted(f[: -len(suffix)] for f in os.listdir(folder) if f.endswith(suffix))
    for name in names:
        diff, aa = compare(folder, name)
        print(name, diff, aa, flush=False)


if __name__ == "__main__":
    main()
