"""Seeded generator of the strings a desktop or web UI shows, for `text_quality.py`.

Every string uses only characters of EasyOCR's english_g2 charset (`CHARSET`), and the mix
leans on what agents type back: ``: . @ / _ - ~`` and digits (paths, URLs, e-mail addresses,
times, dates, numbers with units, versions, IP addresses, code, key=value pairs), next to
menu words, button labels, CamelCase identifiers and short sentences.

    from text_strings import generate_strings
    items = generate_strings(2000, seed=0)   # [UIString(text=..., category=...), ...]
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

#: EasyOCR english_g2's characters (the space included).
CHARSET = frozenset("0123456789!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ €"
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
#: Longest string generated (characters): long enough for a path or a sentence, short enough
#: for one line of a 400-500 px panel at 20 px.
MAX_LEN = 44


@dataclass(frozen=True)
class UIString:
    """One string as a UI shows it, with the category it was generated from."""

    text: str
    category: str


# ----------------------------------------------------------------------------- vocabulary

MENU = ("File", "Edit", "View", "Insert", "Format", "Tools", "Window", "Help", "Go", "Run",
        "Terminal", "Selection", "Preferences", "Settings", "Open Recent", "Save As...",
        "Find and Replace...", "Select All", "Zoom In", "Zoom Out", "Reset Zoom", "Undo",
        "Redo", "Cut", "Copy", "Paste", "Paste Special", "Print...", "Page Setup", "Exit",
        "Quit", "Close Tab", "New Window", "Bookmarks", "History", "Downloads", "Extensions",
        "Developer Tools", "Full Screen", "Word Wrap", "Show Hidden Files", "Sort by Name",
        "Sort by Date", "Properties", "Rename", "Move to Trash", "Empty Trash", "Refresh",
        "Keyboard Shortcuts", "About", "Check for Updates", "Import...", "Export...", "Share",
        "Duplicate", "Archive", "Mark as Read", "Reply All", "Forward", "Inbox", "Sent",
        "Drafts", "Spam", "Calendar", "Contacts", "Accounts", "Privacy", "Security", "Network",
        "Display", "Sound", "Power", "Users", "Appearance", "Notifications", "Bluetooth",
        "Printers", "Dashboard", "Reports", "Billing", "Analytics", "Projects", "Issues",
        "Pull requests", "Actions", "Wiki", "Insights", "Members", "Overview", "Activity")
BUTTONS = ("OK", "Cancel", "Apply", "Save", "Save As", "Don't Save", "Close", "Open", "Delete",
           "Remove", "Add", "Edit", "Done", "Next", "Back", "Next >", "< Back", "Finish", "Retry",
           "Skip", "Continue", "Submit", "Sign in", "Sign up", "Log out", "Log In", "Register",
           "Export CSV", "Import CSV", "Download PDF", "Upload", "Browse...", "Choose File",
           "Add to cart", "Buy now", "Checkout", "Learn more", "Get started", "Try again",
           "Reset", "Clear", "Clear all", "Search", "Filter", "Sort", "Refresh", "Send",
           "Reply", "Forward", "Compose", "New folder", "New file", "Install", "Uninstall",
           "Update", "Update now", "Restart", "Shut Down", "Connect", "Disconnect", "Pair",
           "Allow", "Block", "Accept", "Decline", "Yes", "No", "Yes, delete", "Copy link",
           "Share...", "Print", "Preview", "Publish", "Merge", "Rebase", "Commit", "Push",
           "Pull", "Fetch", "Deploy", "Run", "Debug", "Stop", "Pause", "Resume", "Play",
           "+ Add row", "- Remove", "Show more", "Show less", "View all", "Edit profile")
WORDS = ("report", "invoice", "budget", "notes", "draft", "final", "summary", "backup",
         "photo", "scan", "data", "export", "config", "settings", "readme", "todo", "meeting",
         "agenda", "slides", "resume", "letter", "contract", "design", "logo", "screenshot",
         "build", "release", "test", "main", "index", "app", "server", "client", "utils",
         "helpers", "styles", "theme", "schema", "model", "train", "eval", "results", "log",
         "debug", "cache", "temp", "archive", "project", "sample", "demo", "user", "admin",
         "profile", "avatar", "banner", "header", "footer", "sidebar", "widget", "chart")
EXTS = ("txt", "pdf", "docx", "xlsx", "pptx", "csv", "json", "yaml", "yml", "toml", "ini",
        "cfg", "md", "py", "js", "ts", "tsx", "html", "css", "png", "jpg", "JPG", "jpeg",
        "gif", "svg", "mp4", "mp3", "wav", "zip", "tar.gz", "7z", "iso", "deb", "exe", "dll",
        "so", "sh", "bat", "log", "sql", "db", "c", "h", "cpp", "rs", "go", "java", "xml")
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "ivan", "judy",
         "mallory", "oscar", "peggy", "trent", "victor", "walter", "john", "jane", "li", "sam")
SURNAMES = ("smith", "doe", "garcia", "mueller", "kowalski", "nguyen", "tanaka", "silva",
            "johnson", "brown", "lee", "martin", "rossi", "dubois", "ivanova", "oconnor")
DOMAINS = ("example.com", "example.org", "example.net", "mail.example.com", "acme-corp.io",
           "test.dev", "company.co.uk", "uni-heidelberg.de", "startup.ai", "my-site.fr",
           "localhost", "intranet.local", "sub.domain.example.com", "shop.example.store")
UNIX_DIRS = ("home", "usr", "local", "bin", "etc", "var", "log", "opt", "tmp", "srv", "share",
             "lib", "Documents", "Downloads", "Desktop", "Pictures", "projects", "src", "build",
             "dist", "node_modules", ".config", ".cache", ".ssh", "nginx", "sites-available",
             "python3.11", "site-packages", "my_app", "data-2024", "backups", "www")
WIN_DIRS = ("Users", "Program Files", "Program Files (x86)", "Windows", "System32", "AppData",
            "Roaming", "Local", "Temp", "Desktop", "Documents", "Downloads", "Projects",
            "Backups", "Microsoft", "Office", "My Files", "Work_2024", "src", "bin")
URL_PATHS = ("api", "v1", "v2", "users", "login", "docs", "search", "blog", "posts", "wiki",
             "settings", "account", "orders", "products", "issues", "pull", "repo", "static",
             "assets", "img", "download", "help", "about", "en-US", "latest", "reference")
TLD_SITES = ("github.com", "docs.python.org", "www.wikipedia.org", "news.ycombinator.com",
             "stackoverflow.com", "www.example.com", "mail.google.com", "localhost:8080",
             "127.0.0.1:5000", "my-shop.example.net", "intranet.acme-corp.io", "pypi.org")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
UNITS = ("%", " MB", " GB", " KB", " kB", " TB", "px", " px", " ms", " s", " fps", " Hz",
         " kHz", " dB", " MB/s", " Mbps", " km", " kg", " mm", " pt", "em", " rpm", " W")
CURRENCY_PRE = ("$", "-$", "US$ ", "EUR ", "€", "€ ")
CURRENCY_POST = (" €", "€", " USD", " EUR")
IDENT_WORDS = ("user", "name", "id", "count", "max", "min", "width", "height", "size", "index",
               "value", "key", "item", "list", "data", "path", "file", "url", "mode", "flag",
               "config", "timeout", "retries", "port", "host", "total", "offset", "limit")
CAMEL_WORDS = ("Main", "Window", "User", "Profile", "View", "Controller", "Manager", "Service",
               "Http", "Request", "Handler", "Factory", "Button", "Label", "Text", "Field",
               "Dialog", "Settings", "Page", "Export", "Import", "Data", "Grid", "Row", "Cell")
BRANDS = ("GitHub", "JavaScript", "TypeScript", "PyTorch", "macOS", "iPhone", "iPad",
          "LaTeX", "PostgreSQL", "MySQL", "YouTube", "LinkedIn", "PayPal", "WordPress",
          "OpenStreetMap", "LibreOffice", "VirtualBox", "PowerShell", "DevOps", "NumPy",
          "McDonald", "eBay", "WiFi", "USB-C", "HDMI", "SSHKeys", "OAuth2", "XMLHttpRequest")
UPPER_WORDS = ("CSV", "PDF", "SSH", "HTTPS", "API", "URL", "DNS", "VPN", "USB", "JSON",
               "HTML", "SQL", "GPU", "CPU", "RAM", "IP", "UTF-8", "ID", "FAQ", "SMS", "2FA")
VERBS = ("Export", "Import", "Open", "Enable", "Disable", "Use", "Copy", "Show", "Hide",
         "Download", "Upload", "Convert to", "Save as", "Send", "Reset", "Verify", "Edit")
SENTENCES = ("No items found.", "Are you sure you want to delete this?",
             "Last saved {n} minutes ago", "Your password must have at least {n} characters.",
             "Click here to learn more.", "Showing {a}-{b} of {c} results",
             "Don't ask me again", "You have {n} unread messages", "Connection lost. Retrying...",
             "Drag and drop files here", "File saved to {path}", "{n} files selected",
             "Updated {n} hours ago", "Welcome back, {Name}!", "Page {a} of {b}",
             "Free space: {num} GB", "Synced at {time}", "Copied to clipboard!",
             "Invalid e-mail address.", "Step {a} of {b}: choose a plan", "Loading, please wait...",
             "{n} comments", "Press Ctrl+S to save", "Remember me on this device",
             "Something went wrong (error {code}).", "Battery: {pct}% remaining",
             "Download complete: {file}", "Signed in as {email}", "Type / to search",
             "Use arrow keys to navigate", "Nothing to see here yet.", "Try again in {n}s")


# ----------------------------------------------------------------------------- generators

def _pick(rng: random.Random, seq):
    return seq[rng.randrange(len(seq))]


def _menu(rng: random.Random) -> str:
    return _pick(rng, MENU)


def _button(rng: random.Random) -> str:
    return _pick(rng, BUTTONS)


def _stem(rng: random.Random) -> str:
    """A file name stem the way people and programs name files."""
    a, b = _pick(rng, WORDS), _pick(rng, WORDS)
    styles = (lambda: a, lambda: f"{a}_{b}", lambda: f"{a}-{b}", lambda: f"{a}{rng.randint(1, 99)}",
              lambda: f"{a}_{rng.randint(2019, 2026)}-{rng.randint(1, 12):02d}",
              lambda: f"IMG_{rng.randint(0, 9999):04d}", lambda: f"{a.capitalize()} {b}",
              lambda: f"{a.capitalize()} ({rng.randint(1, 9)})", lambda: f"{a}.{b}",
              lambda: f"{a}_v{rng.randint(1, 9)}", lambda: f"{a.upper()}", lambda: f"~${a}",
              lambda: f"{a}-{rng.randint(100, 999)}_{b}", lambda: f"Screenshot {rng.randint(2020, 2026)}-"
              f"{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}")
    return _pick(rng, styles)()


def _filename(rng: random.Random) -> str:
    special = (".bashrc", ".gitignore", "Dockerfile", "Makefile", "README.md", ".env.local",
               "package-lock.json", "requirements.txt", "__init__.py", "setup.cfg")
    if rng.random() < 0.1:
        return _pick(rng, special)
    return f"{_stem(rng)}.{_pick(rng, EXTS)}"


def _path_unix(rng: random.Random) -> str:
    n = rng.randint(1, 4)
    dirs = "/".join(_pick(rng, UNIX_DIRS) for _ in range(n))
    root = _pick(rng, ("/", "~/", "./", "../", "/home/" + _pick(rng, NAMES) + "/", "$HOME/"))
    tail = _pick(rng, ("", "/", "/" + _filename(rng)))
    return (root + dirs + tail).replace("//", "/")


def _path_win(rng: random.Random) -> str:
    n = rng.randint(1, 3)
    dirs = "\\".join(_pick(rng, WIN_DIRS) for _ in range(n))
    root = _pick(rng, ("C:\\", "D:\\", "C:\\Users\\" + _pick(rng, NAMES).capitalize() + "\\",
                       "\\\\server\\share\\", "%APPDATA%\\", "E:\\"))
    tail = _pick(rng, ("", "\\" + _filename(rng), "\\" + _filename(rng)))
    return root + dirs + tail


def _url(rng: random.Random) -> str:
    scheme = _pick(rng, ("https://", "https://", "http://", "", "ftp://", "https://www."))
    site = _pick(rng, TLD_SITES) if rng.random() < 0.5 else _pick(rng, DOMAINS)
    if scheme.endswith("www.") and site.startswith("www."):
        site = site[4:]
    path = "/".join(_pick(rng, URL_PATHS) for _ in range(rng.randint(0, 3)))
    url = scheme + site + ("/" + path if path else rng.choice(("", "/")))
    r = rng.random()
    if r < 0.25:
        url += f"?q={_pick(rng, WORDS)}&page={rng.randint(1, 20)}"
    elif r < 0.35:
        url += f"#{_pick(rng, WORDS)}-{rng.randint(1, 9)}"
    elif r < 0.45:
        url = url.rstrip("/") + f"/{_stem(rng).replace(' ', '-')}.html"
    elif r < 0.5:
        url += f"?id={rng.randint(1, 99999)}&lang=en_US"
    return url


def _email(rng: random.Random) -> str:
    first, last = _pick(rng, NAMES), _pick(rng, SURNAMES)
    local = _pick(rng, (first, f"{first}.{last}", f"{first}_{last}", f"{first[0]}{last}",
                        f"{first}{rng.randint(1, 99)}", f"{first}.{last}+{_pick(rng, WORDS)}",
                        "team", "support", "no-reply", "admin", "info", f"{last}-{first}"))
    return f"{local}@{_pick(rng, DOMAINS)}"


def _time(rng: random.Random) -> str:
    h24, m, s = rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)
    h12 = h24 % 12 or 12
    ampm = "AM" if h24 < 12 else "PM"
    forms = (f"{h12}:{m:02d} {ampm}", f"{h24:02d}:{m:02d}", f"{h24:02d}:{m:02d}:{s:02d}",
             f"{h12}:{m:02d} {ampm.lower()}", f"{h12}:{m:02d}{ampm.lower()}", f"{h24}:{m:02d}",
             f"{rng.randint(0, 59):02d}:{s:02d}", f"{m:02d}:{s:02d}.{rng.randint(0, 999):03d}",
             f"{rng.randint(1, 23)}h {m}m", f"{h24:02d}:{m:02d} UTC", f"{h12}:{m:02d}:{s:02d} {ampm}",
             f"Today, {h12}:{m:02d} {ampm}", f"-{m:02d}:{s:02d}")
    return _pick(rng, forms)


def _date(rng: random.Random) -> str:
    y, mo, d = rng.randint(1999, 2030), rng.randint(1, 12), rng.randint(1, 28)
    mname, day = MONTHS[mo - 1], _pick(rng, DAYS)
    forms = (f"{y}-{mo:02d}-{d:02d}", f"{d:02d}/{mo:02d}/{y}", f"{mo:02d}/{d:02d}/{y % 100:02d}",
             f"{mo}/{d}/{y}", f"{mname[:3]} {d}, {y}", f"{d} {mname[:3]} {y}", f"{day}, {mname} {d}",
             f"{d:02d}.{mo:02d}.{y}", f"{y}-{mo:02d}-{d:02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
             f"{y}-{mo:02d}-{d:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}Z",
             f"{day[:3]} {d:02d} {mname[:3]}", f"{mname} {y}", f"Q{rng.randint(1, 4)} {y}",
             f"{y}/{mo:02d}/{d:02d}")
    return _pick(rng, forms)


def _plain_number(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.3:
        return str(rng.randint(0, 999))
    if r < 0.5:
        return f"{rng.randint(1, 9999):,}"
    if r < 0.8:
        return f"{rng.uniform(0, 1000):.{rng.randint(1, 2)}f}"
    return f"{rng.uniform(0, 1):.{rng.randint(2, 3)}f}"


def _number(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.35:
        sign = _pick(rng, ("", "", "+", "-"))
        return f"{sign}{_plain_number(rng)}{_pick(rng, UNITS)}"
    if r < 0.55:
        return f"{_pick(rng, CURRENCY_PRE)}{rng.randint(0, 99999):,}.{rng.randint(0, 99):02d}"
    if r < 0.65:
        euros = f"{rng.randint(0, 9999):,}".replace(",", ".")
        return f"{euros},{rng.randint(0, 99):02d}{_pick(rng, CURRENCY_POST)}"
    if r < 0.75:
        return f"{rng.randint(320, 3840)}x{rng.randint(200, 2160)}"
    if r < 0.85:
        return _pick(rng, (f"{rng.randint(1, 9)}/{rng.randint(2, 10)}", f"#{rng.randint(1, 9999)}",
                           f"No. {rng.randint(1, 999)}", f"x{rng.randint(2, 16)}", f"1e-{rng.randint(2, 9)}",
                           f"{rng.randint(1, 999)} of {rng.randint(1000, 5000)}", f"({rng.randint(1, 99)})",
                           f"+{rng.randint(1, 99)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"))
    return f"{rng.randint(0, 100)}%"


def _version(rng: random.Random) -> str:
    a, b, c = rng.randint(0, 24), rng.randint(0, 30), rng.randint(0, 120)
    forms = (f"v{a}.{b}.{c}", f"{a}.{b}.{c}", f"{a}.{b}", f"Version {a}.{b}.{c}",
             f"{a}.{b}.{c}-beta.{rng.randint(1, 9)}", f"{a}.{b}.{c}-rc{rng.randint(1, 5)}",
             f"build {rng.randint(2019, 2026)}{rng.randint(1, 12):02d}{rng.randint(1, 28):02d}",
             f"{a}.{b}.{c}+git.{rng.getrandbits(28):07x}", f"Python 3.{rng.randint(6, 13)}.{rng.randint(0, 12)}",
             f"Chrome {rng.randint(90, 130)}.0.{rng.randint(1000, 6999)}.{rng.randint(10, 199)}",
             f"v{a}.{b}", f"{a}.{b}.{c}.{rng.randint(0, 9999)}", f"r{rng.randint(100, 99999)}",
             f"API v{rng.randint(1, 4)}", f"commit {rng.getrandbits(28):07x}", f"~={a}.{b}",
             f">={a}.{b},<{a + 1}")
    return _pick(rng, forms)


def _ip(rng: random.Random) -> str:
    def v4() -> str:
        first = _pick(rng, (10, 127, 172, 192, rng.randint(1, 223)))
        return ".".join(str(x) for x in (first, rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)))
    port = rng.choice((22, 80, 443, 3000, 5000, 5432, 6379, 8000, 8080, 8443, 9090, 27017, rng.randint(1024, 65535)))
    hexes = [f"{rng.getrandbits(16):x}" for _ in range(4)]
    forms = (v4(), f"{v4()}:{port}", f"{v4()}/{rng.choice((8, 16, 24, 32))}", f"[::1]:{port}",
             f"fe80::{hexes[0]}:{hexes[1]}:{hexes[2]}", f"2001:db8::{hexes[3]}", f"localhost:{port}",
             f"tcp://{v4()}:{port}", f"{v4()} - {v4()}", f"0.0.0.0:{port}",
             ":".join(f"{rng.getrandbits(8):02X}" for _ in range(6)))
    return _pick(rng, forms)


def _ident(rng: random.Random) -> str:
    a, b = _pick(rng, IDENT_WORDS), _pick(rng, IDENT_WORDS)
    return _pick(rng, (a, f"{a}_{b}", f"{a}{b.capitalize()}", f"_{a}", f"{a}2", f"{a}.{b}"))


def _code(rng: random.Random) -> str:
    x, y = _ident(rng), _ident(rng)
    n = rng.randint(0, 999)
    forms = (f"{x}={n}", f"{x} = {n}", "float('nan')", f"{x}.{y}()", "a_b.c()", f"{x} += 1;",
             f"if ({x} != {y}) {{", f"{x}[i] = 0", f"print(f\"{{{x}:.2f}}\")", "#include <stdio.h>",
             f"SELECT * FROM {x};", "ls -la ~/", f"git commit -m \"fix {x}\"", f"{x}->{y}",
             f"$HOME/.config/{x}", f"{x} && {y} || !ok", f"return {x} % {n or 7};", f"i < {n}; i++",
             f"def {x}(self, *args):", f"{{'{x}': {n}}}", "pip install -e .[dev]", f"{x}: int = {n}",
             f"`{x}`", f"@{x.capitalize()}", f"<div class=\"{x}\">", f"{x}?.{y} ?? null",
             f"x ^ y | {n}", f"npm run {_pick(rng, ('build', 'dev', 'test', 'lint'))}",
             f"cd ~/{_pick(rng, UNIX_DIRS)}", f"{x}({y}, {n})", f"[{n}, {rng.randint(0, 99)}]",
             f"const {x} = [];", f"{x} == {y}", f"chmod 755 {_filename(rng)}", "echo $?",
             f"{x}: {y};", f"'{x}' in {y}", f"sudo apt-get install -y {x}", f"{x}.{y}[-1]")
    return _pick(rng, forms)


def _keyvalue(rng: random.Random) -> str:
    k = _ident(rng)
    v = _pick(rng, (str(rng.randint(0, 9999)), _pick(rng, ("true", "false", "none", "auto")),
                    _pick(rng, WORDS), f"{rng.uniform(0, 10):.2f}", f"#{rng.getrandbits(24):06x}",
                    _filename(rng), f"{rng.randint(1, 60)}s"))
    return _pick(rng, (f"{k}={v}", f"{k}: {v}", f"{k.upper()}={v}", f"--{k.replace('_', '-')}={v}",
                       f"{k} = {v}", f"{k.capitalize()}: {v}", f"-{k[0]} {v}", "LANG=en_US.UTF-8",
                       f"{k}={v};", f"\"{k}\": \"{v}\""))


def _mixedcase(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.3:
        return "".join(_pick(rng, CAMEL_WORDS) for _ in range(rng.randint(2, 3)))
    if r < 0.45:
        w = "".join(_pick(rng, CAMEL_WORDS) for _ in range(2))
        return w[0].lower() + w[1:]
    if r < 0.65:
        return f"{_pick(rng, VERBS)} {_pick(rng, UPPER_WORDS)}"
    if r < 0.85:
        return _pick(rng, BRANDS)
    return f"{_pick(rng, UPPER_WORDS)} {_pick(rng, ('Settings', 'Devices', 'Keys', 'Access', 'Export', 'Status'))}"


def _sentence(rng: random.Random) -> str:
    t = _pick(rng, SENTENCES)
    return t.format(n=rng.randint(2, 59), a=rng.randint(1, 9), b=rng.randint(10, 40),
                    c=rng.randint(41, 999), path=_pick(rng, ("~/Downloads", "/tmp", "C:\\Temp")),
                    Name=_pick(rng, NAMES).capitalize(), num=f"{rng.uniform(1, 500):.1f}",
                    time=_time(rng), code=rng.randint(400, 599), pct=rng.randint(1, 100),
                    file=_filename(rng), email=_email(rng))


#: category -> (generator, weight). Weights favour the punctuation and digits agents type.
CATEGORIES: dict[str, tuple[Callable[[random.Random], str], float]] = {
    "menu": (_menu, 5), "button": (_button, 5), "mixedcase": (_mixedcase, 6),
    "filename": (_filename, 8), "path_unix": (_path_unix, 7), "path_win": (_path_win, 4),
    "url": (_url, 8), "email": (_email, 7), "time": (_time, 7), "date": (_date, 7),
    "number": (_number, 9), "version": (_version, 6), "ip": (_ip, 5), "code": (_code, 8),
    "keyvalue": (_keyvalue, 6), "sentence": (_sentence, 6),
}


def is_clean(text: str) -> bool:
    """True for a string a UI could show on one line: in the charset, no leading, trailing or
    double spaces, not too long."""
    return (0 < len(text) <= MAX_LEN and set(text) <= CHARSET and text == text.strip()
            and "  " not in text)


def generate_strings(n: int, seed: int = 0) -> list[UIString]:
    """``n`` distinct strings, categories drawn by weight, in a seeded random order."""
    rng = random.Random(f"text-strings-{seed}")
    names = list(CATEGORIES)
    weights = [CATEGORIES[c][1] for c in names]
    seen: set[str] = set()
    out: list[UIString] = []
    attempts = 0
    while len(out) < n:
        attempts += 1
        if attempts > 50 * n + 1000:
            raise RuntimeError(f"could not generate {n} distinct strings")
        cat = rng.choices(names, weights)[0]
        text = CATEGORIES[cat][0](rng)
        # menu words and buttons repeat by nature: allow a few repeats of those
        key = text if cat not in ("menu", "button") else f"{text}#{sum(1 for s in out if s.text == text)}"
        if not is_clean(text) or key in seen or (cat in ("menu", "button") and key.endswith("#3")):
            continue
        seen.add(key)
        out.append(UIString(text, cat))
    return out


if __name__ == "__main__":  # print a sample
    import sys
    for s in generate_strings(int(sys.argv[1]) if len(sys.argv) > 1 else 40):
        print(f"{s.category:10s} {s.text}")
