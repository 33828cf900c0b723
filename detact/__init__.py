"""DetACT: parse screenshots into UI elements an agent can act on."""
from .elements import Element, Elements, ParseResult
from .errors import DetactError, ImageError, ModelUnavailable
from .imageio import load_image

__version__ = "0.1.0"
__all__ = ["Element", "Elements", "ParseResult", "DetactError", "ImageError", "ModelUnavailable",
           "load_image", "Parser", "parse"]


def __getattr__(name):
    # The parser pulls in OCR and torch; import it only when asked for.
    if name in ("Parser", "parse"):
        from . import parser
        return getattr(parser, name)
    raise AttributeError(name)
