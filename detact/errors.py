"""Errors DetACT raises for things a user can fix. The CLI prints them as one line, exit 2."""


class DetactError(Exception):
    """Base class: a problem with the input or setup, described in one line."""


class ImageError(DetactError):
    """The image could not be used (missing, not an image, truncated, too large, ...)."""


class ModelUnavailable(DetactError):
    """A model or its weights are not installed; the message says how to get them."""


class ScriptRejected(DetactError):
    """An LLM-written script failed validation; the message names the offending call."""


class LLMError(DetactError):
    """The LLM endpoint failed or replied with something unusable."""


class DocumentError(DetactError):
    """A parse document (``detact/parse@1`` or ``@2`` JSON) is malformed; the message says where."""


class ImageTooLarge(ImageError):
    """The image has more pixels than the caller accepts (one message whoever noticed it:
    our header check or Pillow's decompression-bomb guard)."""


class InputTooLarge(DetactError):
    """A text or document is over a size or work limit (a task, an element name, a parse
    document with too many elements); the message names the limit."""


class RiskyScript(ScriptRejected):
    """A well-formed script holds risky actions (system hotkeys, commands typed into a run
    dialog or terminal, very long runs, hidden characters) and risky scripts were not allowed.

    ``risks``: what was found (a list of `detact.task.script.Risk`)."""

    def __init__(self, message: str, risks=()):
        super().__init__(message)
        self.risks = list(risks)
