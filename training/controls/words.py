"""Realistic labels for generated UIs: settings, forms, menus, tables, prose (no lorem ipsum)."""
from __future__ import annotations

import random

APP_NAMES = [
    "Northwind Admin", "Harbor CRM", "Ledgerly", "Pinecone Mail", "Atlas Projects", "Quill Notes",
    "Beacon Analytics", "Orbit Drive", "Cobalt Helpdesk", "Meadow HR", "Tandem Chat", "Summit Billing",
    "Foundry CI", "Lumen Photos", "Parcel Tracker", "Relay Inbox", "Grove Inventory", "Keystone Docs",
    "Willow Calendar", "Sparrow Tasks", "Copper Wallet", "Juniper Health", "Fjord Music", "Canvas Studio",
    "Kestrel Monitor", "Acorn School", "Maple Recipes", "Trellis Garden", "Vantage Sales", "Ember Forms",
]

SECTIONS = [
    "General", "Account", "Profile", "Privacy", "Security", "Notifications", "Appearance", "Display",
    "Sound", "Network", "Storage", "Billing", "Team", "Integrations", "Advanced", "Accessibility",
    "Language & Region", "Keyboard", "Updates", "Backups", "Sharing", "Permissions", "Devices",
    "Email", "Sync", "Downloads", "Search", "Performance", "Power", "Printing", "Date & Time",
]

SETTINGS = [
    ("Enable notifications", "Show a banner when something needs your attention."),
    ("Play sounds", "Use a short chime for new messages."),
    ("Dark mode", "Switch the interface to a darker palette."),
    ("Automatic updates", "Download and install updates in the background."),
    ("Send usage statistics", "Help improve the product by sharing anonymous data."),
    ("Two-factor authentication", "Require a code from your phone when signing in."),
    ("Show line numbers", "Display numbers in the editor gutter."),
    ("Wrap long lines", "Break lines that do not fit the window."),
    ("Remember open tabs", "Restore your last session on startup."),
    ("Compact layout", "Reduce spacing between list rows."),
    ("Start at login", "Open the app when you sign in to your computer."),
    ("Sync over mobile data", "Allow syncing when Wi-Fi is not available."),
    ("Show previews", "Display message contents in notifications."),
    ("Block pop-ups", "Prevent sites from opening new windows."),
    ("Auto-save drafts", "Save your work every few minutes."),
    ("Spell check", "Underline misspelled words as you type."),
    ("Show hidden files", "List files whose names start with a dot."),
    ("Confirm before deleting", "Ask before moving items to the trash."),
    ("Low power mode", "Reduce background activity to save battery."),
    ("Location services", "Let apps use your approximate location."),
    ("Email digest", "Receive a weekly summary of activity."),
    ("Public profile", "Anyone with the link can see your profile."),
    ("Keyboard shortcuts", "Enable single-key shortcuts."),
    ("Reduce motion", "Minimise animations across the interface."),
    ("High contrast", "Increase the contrast of text and borders."),
    ("Smooth scrolling", "Animate scrolling with the mouse wheel."),
    ("Offline access", "Keep recent files available without a connection."),
    ("Read receipts", "Let others know when you have read their messages."),
    ("Desktop badges", "Show unread counts on the app icon."),
    ("Hardware acceleration", "Use the graphics card when available."),
    ("Live captions", "Show captions for audio and video."),
    ("Bluetooth", "Connect to nearby devices."),
    ("Airplane mode", "Turn off all wireless connections."),
    ("Do not disturb", "Silence notifications until tomorrow morning."),
    ("Auto-lock", "Lock the screen after a period of inactivity."),
    ("Show weekends", "Include Saturday and Sunday in the week view."),
    ("Use 24-hour time", "Show times like 17:30 instead of 5:30 PM."),
    ("Include archived items", "Search archived projects as well."),
    ("Allow guest access", "People outside your team can view shared items."),
    ("Mute new conversations", "New threads start muted."),
]

CHECK_LABELS = [
    "Remember me", "I agree to the terms of service", "Subscribe to the newsletter", "Send me product updates",
    "Keep me signed in", "Make this my default address", "Notify me by email", "Notify me by SMS",
    "Include attachments", "Mark as urgent", "Show completed tasks", "Only show my items",
    "Private repository", "Allow comments", "Pin to top", "Add to favourites", "Billing address same as shipping",
    "Save payment method", "Gift wrap this order", "Send a copy to myself", "Hide offline contacts",
    "Case sensitive", "Whole words only", "Use regular expressions", "Open in new window",
    "Export as PDF", "Skip weekends", "Require approval", "Enable auto-reply", "Share with my team",
]

RADIO_GROUPS = [
    ("Theme", ["Light", "Dark", "System default"]),
    ("Shipping method", ["Standard (3-5 days)", "Express (1-2 days)", "Pick up in store"]),
    ("Payment", ["Credit card", "PayPal", "Bank transfer"]),
    ("Visibility", ["Public", "Team only", "Private"]),
    ("Frequency", ["Daily", "Weekly", "Monthly", "Never"]),
    ("Plan", ["Free", "Pro", "Business", "Enterprise"]),
    ("Units", ["Metric", "Imperial"]),
    ("Start page", ["Dashboard", "Inbox", "Last visited page"]),
    ("Font size", ["Small", "Medium", "Large"]),
    ("Sort by", ["Name", "Date modified", "Size", "Type"]),
    ("Priority", ["Low", "Normal", "High"]),
    ("Contact preference", ["Email", "Phone", "No contact"]),
]

SELECTS = [
    ("Country", ["United States", "Canada", "Germany", "France", "Japan", "Brazil", "India", "Australia", "Spain", "Norway"]),
    ("Language", ["English", "Deutsch", "Français", "Español", "Italiano", "Português", "Nederlands", "Polski"]),
    ("Time zone", ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Chicago"]),
    ("Currency", ["USD", "EUR", "GBP", "JPY", "CHF", "CAD"]),
    ("Role", ["Viewer", "Editor", "Admin", "Owner"]),
    ("Status", ["Open", "In progress", "Blocked", "Done", "Archived"]),
    ("Category", ["Hardware", "Software", "Billing", "Account", "Other"]),
    ("Date format", ["DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD"]),
    ("Quality", ["Auto", "1080p", "720p", "480p"]),
    ("Department", ["Engineering", "Marketing", "Sales", "Support", "Finance", "Legal"]),
    ("Repeat", ["Never", "Every day", "Every week", "Every month", "Every year"]),
    ("Reminder", ["None", "5 minutes before", "15 minutes before", "1 hour before", "1 day before"]),
    ("Page size", ["10 per page", "25 per page", "50 per page", "100 per page"]),
    ("Font", ["Inter", "Roboto", "Source Serif", "Fira Code", "Open Sans"]),
    ("Size", ["Small", "Medium", "Large", "Extra large"]),
]

TEXT_FIELDS = [
    ("First name", "Jane", "text"), ("Last name", "Doe", "text"), ("Email address", "name@example.com", "email"),
    ("Phone number", "+1 555 0100", "tel"), ("Company", "Acme Inc.", "text"), ("Job title", "Product manager", "text"),
    ("Street address", "221B Baker Street", "text"), ("City", "Springfield", "text"), ("Postal code", "94107", "text"),
    ("Website", "https://", "url"), ("Username", "jdoe", "text"), ("Password", "", "password"),
    ("Confirm password", "", "password"), ("Project name", "My new project", "text"), ("Display name", "", "text"),
    ("Subject", "What is this about?", "text"), ("Card number", "1234 5678 9012 3456", "text"),
    ("Coupon code", "SPRING25", "text"), ("Repository URL", "https://git.example.com/", "url"),
    ("Tags", "design, research", "text"), ("Invite by email", "colleague@example.com", "email"),
]

NUMBERS = [("Quantity", 1, 99), ("Age", 18, 99), ("Port", 1024, 65535), ("Retries", 0, 10), ("Font size", 8, 72),
           ("Timeout (seconds)", 5, 300), ("Max connections", 1, 500), ("Seats", 1, 50), ("Width", 100, 1920),
           ("Interval (minutes)", 1, 60), ("Volume", 0, 100), ("Line height", 1, 3)]

SLIDERS = ["Volume", "Brightness", "Zoom", "Opacity", "Balance", "Speed", "Quality", "Contrast", "Saturation",
           "Font scale", "Mouse sensitivity", "Cache size"]

BUTTONS_PRIMARY = ["Save", "Save changes", "Submit", "Continue", "Create", "Apply", "Send", "Confirm", "Sign in",
                   "Sign up", "Publish", "Upload", "Add item", "Invite", "Update", "Checkout", "Next", "Done",
                   "Create project", "Add member", "Book now", "Subscribe", "Download", "Start trial"]
BUTTONS_SECONDARY = ["Cancel", "Back", "Reset", "Discard", "Skip", "Close", "Preview", "Edit", "Export", "Import",
                     "Learn more", "Clear", "Duplicate", "Archive", "Refresh", "Details", "Not now", "Remind me later"]
BUTTONS_DANGER = ["Delete", "Remove", "Delete account", "Revoke access", "Leave team", "Unsubscribe", "Sign out"]

MENUS = {
    "File": ["New", "New window", "Open…", "Open recent", "Save", "Save as…", "Export", "Print…", "Close", "Quit"],
    "Edit": ["Undo", "Redo", "Cut", "Copy", "Paste", "Delete", "Select all", "Find…", "Replace…", "Preferences"],
    "View": ["Zoom in", "Zoom out", "Actual size", "Full screen", "Show sidebar", "Show toolbar", "Show status bar"],
    "Insert": ["Image…", "Table", "Link…", "Horizontal line", "Page break", "Comment", "Date and time"],
    "Format": ["Bold", "Italic", "Underline", "Strikethrough", "Align left", "Center", "Clear formatting"],
    "Tools": ["Word count", "Spelling", "Extensions", "Developer tools", "Options"],
    "Help": ["Documentation", "Keyboard shortcuts", "Release notes", "Report an issue", "About"],
    "Go": ["Back", "Forward", "Home", "Recent", "Go to line…"],
    "Bookmarks": ["Bookmark this page", "Show all bookmarks", "Import bookmarks…"],
}
CONTEXT_ITEMS = ["Open", "Open with…", "Rename", "Duplicate", "Move to…", "Copy link", "Share", "Download",
                 "Add to favourites", "Properties", "Move to trash", "Archive", "Mark as read", "Pin", "Edit",
                 "View details", "Assign to…", "Change owner", "Export as CSV", "Delete"]
SHORTCUTS = ["Ctrl+N", "Ctrl+O", "Ctrl+S", "Ctrl+Shift+S", "Ctrl+P", "Ctrl+W", "Ctrl+Q", "Ctrl+Z", "Ctrl+Y",
             "Ctrl+X", "Ctrl+C", "Ctrl+V", "Del", "Ctrl+A", "Ctrl+F", "Ctrl+H", "F11", "Ctrl++", "Ctrl+-"]

NAV = ["Dashboard", "Inbox", "Projects", "Tasks", "Calendar", "Reports", "Customers", "Orders", "Products",
       "Invoices", "Team", "Files", "Messages", "Analytics", "Settings", "Help center", "Integrations",
       "Billing", "Activity", "Campaigns", "Contacts", "Deals", "Tickets", "Documents", "Archive"]

TABS = ["Overview", "Details", "Activity", "Settings", "Members", "Files", "Comments", "History", "Billing",
        "Security", "Preview", "Code", "Issues", "Pull requests", "Insights", "General", "Advanced",
        "Notifications", "Permissions", "Shipping", "Reviews", "Specifications"]

FIRST = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Lucas", "Mia", "Ethan", "Sofia", "Mateo", "Amara", "Kenji",
         "Priya", "Omar", "Hannah", "Felix", "Chloe", "Diego", "Nora", "Arjun", "Zara", "Jonas", "Lea", "Tomás",
         "Ingrid", "Malik", "Yuki", "Elena", "Samuel", "Aisha"]
LAST = ["Smith", "Johnson", "García", "Müller", "Rossi", "Nakamura", "Patel", "Kowalski", "Nguyen", "Okafor",
        "Larsen", "Dubois", "Silva", "Cohen", "Andersson", "Brown", "Martin", "Kim", "Novak", "Fischer",
        "Moreau", "Costa", "Lindqvist", "Haddad", "Ito", "Bianchi", "Schmidt", "Walker", "Reyes", "Ahmed"]
CITIES = ["Lisbon", "Oslo", "Toronto", "Osaka", "Austin", "Berlin", "Nairobi", "Lyon", "Melbourne", "Denver",
          "Kraków", "Seville", "Dublin", "Seoul", "Porto", "Zurich", "Bristol", "Montréal", "Helsinki", "Cape Town"]
COMPANIES = ["Acme Corp", "Globex", "Initech", "Umbrella Ltd", "Stark Industries", "Wayne Enterprises",
             "Hooli", "Vandelay Imports", "Soylent Co", "Tyrell Systems", "Cyberdyne", "Wonka Foods",
             "Oceanic Air", "Gringotts", "Pied Piper", "Monarch Labs", "Blue Sun", "Nakatomi Trading"]
STATUSES = ["Active", "Pending", "Paid", "Overdue", "Draft", "Shipped", "Delivered", "Cancelled", "Open",
            "Closed", "In review", "Approved", "Rejected", "On hold", "Completed", "Failed", "Running"]
PRODUCTS = ["Wireless Mouse", "USB-C Hub", "Standing Desk", "Noise-Cancelling Headphones", "Mechanical Keyboard",
            "4K Monitor", "Laptop Stand", "Webcam HD", "Desk Lamp", "Ergonomic Chair", "Portable SSD 1TB",
            "Smart Speaker", "Fitness Tracker", "Coffee Grinder", "Water Bottle", "Backpack 20L", "Phone Case",
            "Bluetooth Adapter", "Graphics Tablet", "Microphone Arm"]
FILE_NAMES = ["Quarterly report.pdf", "budget-2024.xlsx", "team-photo.jpg", "notes.md", "invoice_0042.pdf",
              "presentation.pptx", "logo.svg", "backup.zip", "contract-draft.docx", "screenshot.png",
              "meeting-minutes.txt", "roadmap.key", "data.csv", "index.html", "styles.css", "main.py",
              "README.md", "design-specs.fig", "podcast-ep12.mp3", "holiday.mov"]
FOLDERS = ["Documents", "Pictures", "Music", "Videos", "Downloads", "Projects", "Archive", "Shared", "Templates",
           "Invoices", "Reports", "Assets", "Drafts", "Personal", "Work", "Photos 2023", "Receipts", "Src"]
SUBJECTS = ["Re: Quarterly planning", "Your invoice is ready", "Team offsite next week", "Welcome aboard!",
            "Action required: verify your email", "Design review notes", "Lunch on Friday?", "Server maintenance window",
            "New comment on your post", "Weekly digest", "Contract renewal", "Flight confirmation",
            "Password changed", "Interview schedule", "Holiday opening hours", "Build #482 failed"]

HEADINGS = ["Recent activity", "Your projects", "Account details", "Payment methods", "Connected apps",
            "Team members", "Upcoming events", "Order summary", "Shipping address", "Danger zone",
            "Getting started", "Storage usage", "API keys", "Open tickets", "Top products", "Latest invoices",
            "Personal information", "Preferences", "Sessions", "Export data", "Release notes", "What's new",
            "Contact us", "Frequently asked questions", "Pricing", "Overview", "Quick actions", "Saved searches"]

SENTENCES = [
    "Changes are saved automatically and synced to all of your devices.",
    "You can invite up to five people on the free plan.",
    "We will send a confirmation link to your new email address.",
    "Your subscription renews on the first day of each month.",
    "Deleting a project removes all of its files and cannot be undone.",
    "Only administrators can change billing settings for this workspace.",
    "Choose how often you want to receive summary emails.",
    "Files larger than 2 GB are uploaded in the background.",
    "This key gives full access to your account, so keep it secret.",
    "Orders placed before noon ship on the same business day.",
    "The report includes every transaction from the selected period.",
    "Members can comment on tasks but cannot change their due dates.",
    "Turn on backups to keep a copy of your data in another region.",
    "Need help? Our support team usually replies within a few hours.",
    "Use tags to group related items and find them faster later.",
    "Your password must be at least twelve characters long.",
    "Archived conversations stay searchable but no longer appear in your inbox.",
    "Scheduled posts are published in the time zone of your workspace.",
    "Guests only see the folders that have been shared with them.",
    "The import finished with three warnings; review them below.",
    "Notifications are paused while you are presenting your screen.",
    "Sign in again on any device where you want to keep using the app.",
    "Estimated delivery is between Tuesday and Thursday.",
    "We updated our privacy policy to explain how we use cookies.",
    "Drag files here or browse your computer to upload them.",
    "Connect your calendar to see meetings next to your tasks.",
    "Usage is measured daily and billed at the end of the month.",
    "Only the last thirty days of activity are shown here.",
]
LINKS = ["Learn more", "View all", "Privacy policy", "Terms of service", "Forgot password?", "Read the docs",
         "Contact support", "See pricing", "Edit profile", "Manage devices", "Download the app", "Show details",
         "Release notes", "Open in new tab", "Change plan", "Help center", "Community forum", "Status page"]

# icon action name -> (label, icon names per set: bootstrap-icons, mdi, lucide, tabler)
ICON_ACTIONS = {
    "search": ("Search", "search", "magnify", "search", "search"),
    "settings": ("Settings", "gear", "cog", "settings", "settings"),
    "delete": ("Delete", "trash", "delete", "trash-2", "trash"),
    "edit": ("Edit", "pencil", "pencil", "pencil", "pencil"),
    "add": ("Add", "plus-lg", "plus", "plus", "plus"),
    "close": ("Close", "x-lg", "close", "x", "x"),
    "menu": ("Main menu", "list", "menu", "menu", "menu-2"),
    "more": ("More options", "three-dots-vertical", "dots-vertical", "more-vertical", "dots-vertical"),
    "refresh": ("Refresh", "arrow-clockwise", "refresh", "refresh-cw", "refresh"),
    "download": ("Download", "download", "download", "download", "download"),
    "upload": ("Upload", "upload", "upload", "upload", "upload"),
    "share": ("Share", "share", "share-variant", "share-2", "share"),
    "print": ("Print", "printer", "printer", "printer", "printer"),
    "save": ("Save", "floppy", "content-save", "save", "device-floppy"),
    "copy": ("Copy", "copy", "content-copy", "copy", "copy"),
    "paste": ("Paste", "clipboard", "content-paste", "clipboard-paste", "clipboard"),
    "cut": ("Cut", "scissors", "content-cut", "scissors", "scissors"),
    "undo": ("Undo", "arrow-counterclockwise", "undo", "undo-2", "arrow-back-up"),
    "redo": ("Redo", "arrow-clockwise", "redo", "redo-2", "arrow-forward-up"),
    "bold": ("Bold", "type-bold", "format-bold", "bold", "bold"),
    "italic": ("Italic", "type-italic", "format-italic", "italic", "italic"),
    "underline": ("Underline", "type-underline", "format-underline", "underline", "underline"),
    "align-left": ("Align left", "text-left", "format-align-left", "align-left", "align-left"),
    "align-center": ("Align center", "text-center", "format-align-center", "align-center", "align-center"),
    "align-right": ("Align right", "text-right", "format-align-right", "align-right", "align-right"),
    "list": ("Bulleted list", "list-ul", "format-list-bulleted", "list", "list"),
    "link": ("Insert link", "link-45deg", "link-variant", "link", "link"),
    "image": ("Insert image", "image", "image", "image", "photo"),
    "home": ("Home", "house", "home", "house", "home"),
    "back": ("Back", "arrow-left", "arrow-left", "arrow-left", "arrow-left"),
    "forward": ("Forward", "arrow-right", "arrow-right", "arrow-right", "arrow-right"),
    "up": ("Go up", "arrow-up", "arrow-up", "arrow-up", "arrow-up"),
    "bell": ("Notifications", "bell", "bell", "bell", "bell"),
    "user": ("Account", "person-circle", "account-circle", "circle-user", "user-circle"),
    "help": ("Help", "question-circle", "help-circle", "circle-help", "help"),
    "info": ("Information", "info-circle", "information", "info", "info-circle"),
    "filter": ("Filter", "funnel", "filter", "filter", "filter"),
    "sort": ("Sort", "sort-down", "sort", "arrow-up-down", "arrows-sort"),
    "star": ("Add to favourites", "star", "star-outline", "star", "star"),
    "heart": ("Like", "heart", "heart-outline", "heart", "heart"),
    "mail": ("Email", "envelope", "email", "mail", "mail"),
    "calendar": ("Calendar", "calendar", "calendar", "calendar", "calendar"),
    "folder": ("Open folder", "folder", "folder", "folder", "folder"),
    "play": ("Play", "play-fill", "play", "play", "player-play"),
    "pause": ("Pause", "pause-fill", "pause", "pause", "player-pause"),
    "stop": ("Stop", "stop-fill", "stop", "square", "player-stop"),
    "next": ("Next track", "skip-forward-fill", "skip-next", "skip-forward", "player-skip-forward"),
    "prev": ("Previous track", "skip-backward-fill", "skip-previous", "skip-back", "player-skip-back"),
    "volume": ("Mute", "volume-up", "volume-high", "volume-2", "volume"),
    "lock": ("Lock", "lock", "lock", "lock", "lock"),
    "eye": ("Show password", "eye", "eye", "eye", "eye"),
    "grid": ("Grid view", "grid", "view-grid", "layout-grid", "layout-grid"),
    "listview": ("List view", "list-task", "view-list", "list-checks", "list-details"),
    "zoom-in": ("Zoom in", "zoom-in", "magnify-plus", "zoom-in", "zoom-in"),
    "zoom-out": ("Zoom out", "zoom-out", "magnify-minus", "zoom-out", "zoom-out"),
    "fullscreen": ("Full screen", "fullscreen", "fullscreen", "maximize", "maximize"),
    "attach": ("Attach file", "paperclip", "paperclip", "paperclip", "paperclip"),
    "send": ("Send", "send", "send", "send", "send"),
    "reply": ("Reply", "reply", "reply", "reply", "arrow-back"),
    "archive": ("Archive", "archive", "archive", "archive", "archive"),
    "pin": ("Pin", "pin-angle", "pin", "pin", "pin"),
    "tag": ("Add tag", "tag", "tag", "tag", "tag"),
    "chat": ("Comments", "chat", "comment", "message-square", "message"),
    "expand": ("Expand", "chevron-down", "chevron-down", "chevron-down", "chevron-down"),
    "mic": ("Microphone", "mic", "microphone", "mic", "microphone"),
    "camera": ("Camera", "camera", "camera", "camera", "camera"),
    "sun": ("Light theme", "sun", "white-balance-sunny", "sun", "sun"),
    "moon": ("Dark theme", "moon", "weather-night", "moon", "moon"),
    "logout": ("Sign out", "box-arrow-right", "logout", "log-out", "logout"),
    "code": ("Code", "code-slash", "code-tags", "code", "code"),
    "terminal": ("Terminal", "terminal", "console", "terminal", "terminal"),
    "cloud": ("Sync", "cloud-arrow-up", "cloud-upload", "cloud-upload", "cloud-upload"),
}


def person(rng: random.Random) -> str:
    """A random full name."""
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def email(rng: random.Random, name: str | None = None) -> str:
    """A plausible e-mail address."""
    name = name or person(rng)
    first, last = name.split(" ", 1)
    dom = rng.choice(["example.com", "example.org", "mail.test", "company.example"])
    return f"{first.lower()}.{last.lower().replace(' ', '')}@{dom}".encode("ascii", "ignore").decode()


def date(rng: random.Random) -> str:
    """A date in one of several common formats."""
    y, m, d = rng.randint(2019, 2025), rng.randint(1, 12), rng.randint(1, 28)
    months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    return rng.choice([f"{y}-{m:02d}-{d:02d}", f"{months[m - 1]} {d}, {y}", f"{d:02d}/{m:02d}/{y}",
                       f"{d} {months[m - 1]} {y}"])


def money(rng: random.Random) -> str:
    """A price or amount."""
    v = rng.choice([rng.uniform(1, 100), rng.uniform(100, 5000)])
    return rng.choice(["$", "€", "£"]) + f"{v:,.2f}"


def paragraph(rng: random.Random, n: int | None = None) -> str:
    """A few distinct sentences."""
    n = n or rng.randint(1, 3)
    return " ".join(rng.sample(SENTENCES, n))
