"""`color.ink_chroma`: how coloured a text run's ink is, on drawn words."""
import numpy as np
import pytest
from PIL import Image, ImageDraw

from conftest import font
from detact.color import ink_chroma


def word(ink, background=(255, 255, 255)) -> np.ndarray:
    img = Image.new("RGB", (120, 30), background)
    ImageDraw.Draw(img).text((6, 5), "Archive", fill=ink, font=font(16))
    return np.asarray(img)


@pytest.mark.parametrize("ink, background, plain", [
    ((20, 20, 20), (255, 255, 255), True),        # black text
    ((110, 110, 110), (255, 255, 255), True),     # grey text
    ((230, 230, 230), (45, 45, 45), True),        # light text on a dark theme
    ((255, 255, 255), (53, 132, 228), True),      # a selected row's white text on accent blue
    ((26, 95, 180), (255, 255, 255), False),      # a GTK link
    ((0, 0, 238), (255, 255, 255), False),        # a browser's default link
    ((120, 180, 255), (30, 30, 30), False),       # a link on a dark page
])
def test_plain_text_and_links_by_their_ink(ink, background, plain):
    chroma = ink_chroma(word(ink, background), np.array([[0, 0, 120, 30]]))
    assert chroma.shape == (1,)
    assert bool(chroma[0] < 60) is plain


def test_a_box_without_ink_or_outside_the_image_scores_zero():
    img = word((20, 20, 20))
    blank = np.full_like(img, 255)
    assert ink_chroma(blank, np.array([[0, 0, 50, 20]])).tolist() == [0.0]
    assert ink_chroma(img, np.array([[500, 500, 600, 600]])).tolist() == [0.0]
    assert ink_chroma(img, np.zeros((0, 4))).shape == (0,)
