"""Icon module: what icon-like screen regions *do*. SSIM against a bank of labelled templates
(the paper's method) for icons the bank holds, a learned encoder for the rest
(`IconRecognizer` combines both; the parser's icon stage)."""
from .bank import IconBank, load_bank
from .encoder import IconEncoder
from .matcher import DEFAULT_THRESHOLD, IconMatcher
from .recognizer import IconLabels, IconRecognizer

__all__ = ["IconBank", "load_bank", "IconMatcher", "DEFAULT_THRESHOLD", "IconEncoder",
           "IconLabels", "IconRecognizer"]
