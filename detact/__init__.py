"""DetACT: parse screenshots into UI elements an agent can act on.

Attributes load on first use (lazy_loader): ``import detact`` stays cheap, and the parser's
models and their libraries load only when a `Parser` is made."""
import lazy_loader as _lazy

__version__ = "0.1.0"

__getattr__, __dir__, __all__ = _lazy.attach(__name__, submod_attrs={
    "elements": ["Element", "Elements", "ParseResult"],
    "errors": ["DetactError", "ImageError", "ImageTooLarge", "InputTooLarge", "ModelUnavailable", "DocumentError",
               "ScriptRejected", "RiskyScript", "LLMError"],
    "imageio": ["load_image"],
    "parser": ["Parser", "parse"],
    "build": ["ParserOptions"],
})
