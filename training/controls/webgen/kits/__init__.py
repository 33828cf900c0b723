"""UI kits the web pages are rendered with.  HELDOUT_KITS never appear in the train split."""
from .cssfw import BootstrapKit, BulmaKit, PicoKit, SpectreKit
from .native import NativeKit
from .webcomp import FluentKit, MaterialKit, ShoelaceKit

KITS = {k.name: k for k in (NativeKit, BootstrapKit, BulmaKit, PicoKit, SpectreKit, ShoelaceKit, MaterialKit, FluentKit)}
HELDOUT_KITS = {"spectre"}
