"""Icon module: label non-text screen regions by SSIM against a bank of labelled templates."""
from .bank import IconBank, load_bank
from .matcher import DEFAULT_THRESHOLD, IconMatcher

__all__ = ["IconBank", "load_bank", "IconMatcher", "DEFAULT_THRESHOLD"]
