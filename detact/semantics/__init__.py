"""The semantics stage: an accessibility tree from pixels.

After the parser has found the elements, this stage says for each what it is (``role``), what
it shows (``states``), what it is called (``name``), what it holds (``value``) and where it
belongs (``parent``), and lists the containers:

    elements + groups -> plates found in the pixels round lone icons, then compound controls,
        drop-downs, entries with arrows, spin buttons (also framed numbers with small stacked
        arrows), text fields around an icon, zoom entries, rows of linked buttons (`compounds`) ->
        roles and states (`roles`, pressed toggles: `pressed`, labels centred on plates: `plates`,
        empty fields and placeholders: `compounds`, tracks with a knob: `sliders`, pills with a
        knob: `switches`, disclosure triangles and what they head: `disclosure`, items lined up
        alike and keypads: `siblings`, lone action icons and drop-down arrows: `roles`, tab rows,
        underlined tabs, tabs over a pane's edge and rows of toggle buttons: `tabs`, page number
        fields: `labels`, labels on plates the segmenter missed: `plates`, a popover's items:
        `popovers`) -> menu-bar words read one thin glyph off (`text.lexicon`) -> names and values
        (`labels`) -> the text boxes inside editable combo boxes (`compounds`) -> two-line list
        rows (`rows`) -> stack switchers (`switchers`) -> containers and parents (`tree`)
"""
from __future__ import annotations

import numpy as np

from ..boxes import reading_order
from ..color import PLAIN_CHROMA, dominant_colors, ink_chroma
from ..elements import STATES, Elements
from ..icons.glyphs import ENCODER_SURE
from ..icons.swatches import SWATCH_ICON
from ..scale import pixel_scale
from ..text.lexicon import menu_items_read
from .compounds import (compound_candidates, dropdown_rows, empty_fields, entries_in_combos, entries_with_arrow,
                        fields_around_icons, flat_spin_plates, flat_spin_values, form_labelled, framed_regions, grid_cells,
                        has_dropdown_arrow, icon_led, labelled_plates, linked_buttons, linked_frames, long_rows, MAX_PARTS,
                        neutral_inside, numeric_text,
                        placeholder_compounds, placeholder_fields, plate_combos, plate_frames, spin_buttons, stepper_divider,
                        stepper_fields, stepper_rows, text_plates, value_apart, value_texts,
                        zoom_entries)
from .disclosure import UP, disclosures, lone_expanders, materia_closed, stacked_up, without_unfounded_expanded
from .features import control_inputs
from .labels import FIELDS, assign_names, linked_page_counts, page_fields
from .popovers import popover_items
from .rows import with_two_line_rows
from .plates import KEEP_ROLES, centred_labels, font_buttons, icon_label_plates, label_plates, stretched_link_plates
from .pressed import pressed_buttons, pressed_labels
from .roles import (ENTRY_ROLES, GLYPH_ROLES, INTERACTIVE, ROLES, STATEFUL, action_icons, box_glyphs, box_state,
                    control_glyphs, dots_in_rings, glyph_fields, glyphs_read_as_letters, link_texts, make_role_classifier,
                    one_glyph_reads, ring_glyphs, ring_state, search_fields, shows_other_glyph, with_states)
from .sliders import (boxes_round_sliders, marked_sliders, marks_over, marks_under, slider_tracks, slider_values, track_regions,
                      volume_buttons)
from .switches import pill_state
from .switchers import stack_switchers
from .siblings import (GLYPH_LINE_ROLES, checkable_cells, harmonised_glyphs, harmonised_roles,
                       icon_list_rows, icon_view_items, keypad_keys, list_row_icons, menu_bar_rows, menu_columns,
                       menu_glyphs, table_cells, toolbar_icons, toolbar_labels, tree_headers)
from .tabs import (closable_tabs, flat_toggle_rows, linked_row_icons, open_tab_rows, side_tabs,
                   tab_icons, tabs_and_linked_rows, underlined_switchers, underlined_tab_mates,
                   underlined_tabs)
from .tree import CONTAINER_ROLES, build_tree

__all__ = ["Semantics", "ROLES", "INTERACTIVE", "CONTAINER_ROLES"]

#: Roles of a text run after a form's "Label:" that `compounds.text_plates` may find a field's
#: plate round (the classifier, seeing a bare run, calls a field's value text, a button, a tab,
#: a row, a menu item or a combo box; a plate with no drop-down arrow is no combo box's).
PLATED_GUESSES = ("text", "button", "tab", "listitem", "menuitem", "combobox")
#: Roles the classifier gives a framed value ending in a "+" that is a spin box (`compounds.spin_buttons`):
#: a field's, or, when the value is selected (drawn on the accent colour, as a focused GTK
#: spin button shows it, and read as an icon), a link's, plain text's or a group's; not a
#: button's or an item's (a zoom bar).
SPIN_GUESSES = ("combobox", "textbox", "link", "text", "group")
#: Roles the classifier gives the value of a spin box drawn flat (`compounds.flat_spin_values`).
FLAT_SPIN_GUESSES = ("text", "tab", "link", "listitem", "textbox", "spinbox", "combobox")

#: Roles the classifier gives the labels of linked toggle buttons the segmenter framed none of
#: ("Unified | Split": buttons, or bare text).
LINKED_GUESSES = ("button", "text")

#: A check box's box, a radio's ring or a switch's pill is at most this tall (px at scale 1).
MAX_GLYPH = 40


class Semantics:
    """Roles, states, names, values, parents and containers for a parse.

    classifier: anything with ``classify(ControlInputs) -> RoleResult`` and a ``name`` (None:
    the bundled control classifier, or rules when it is missing; ``notes`` then says why)."""

    def __init__(self, classifier=None, device: str = "cpu"):
        why = ""
        if classifier is None:
            classifier, why = make_role_classifier(device)
        self.classifier = classifier
        self.notes = [f"roles and states come from rules, not the trained model: {why}"] if why else []

    @property
    def backend(self) -> str:
        return self.classifier.name

    def annotate(self, rgb: np.ndarray, elements: Elements, groups: np.ndarray,
                 scale: float = 1.0) -> tuple[Elements, Elements]:
        """``elements`` (leaves; ``groups``: (G, 4) boxes that held several of them) with the
        semantic columns filled, plus compound controls, numbered in reading order; and the
        containers, numbered after them."""
        # a radio's dot framed by its ring is that radio's glyph: the ring's box (see `roles`)
        ringed = dots_in_rings(rgb, elements)
        if len(ringed):
            xyxy, frame = elements.xyxy.copy(), elements.frame.copy()
            xyxy[ringed], frame[ringed] = frame[ringed], -1
            elements = elements.with_(xyxy=xyxy, frame=frame)
        # an icon at one end of a plain plate the segmenter missed is framed by it (see `compounds`)
        elements = elements.with_(frame=plate_frames(rgb, elements, scale))
        # Frames, bars and icons grow with the scale the text tells (`scale.pixel_scale`): on a
        # 2048 px capture of a scale-2 screen a spin button is 70 px tall, a toolbar's icons 48 px
        drawn_scale = max(scale, pixel_scale(rgb.shape[1], elements))
        compounds, counts, parts = compound_candidates(elements, groups, drawn_scale)
        values_framed = dropdown_rows(rgb, elements)
        numbers_framed = stepper_rows(rgb, elements, values_framed)
        icons_framed = [r for r in fields_around_icons(elements, scale).tolist()
                        if neutral_inside(rgb, elements.frame[r])]
        compounds, counts, parts, dropdowns = _with_candidates(compounds, counts, parts, elements.frame[values_framed],
                                                               [np.array([r]) for r in values_framed])
        compounds, counts, parts, framed_spins = _with_candidates(compounds, counts, parts, elements.frame[numbers_framed],
                                                                  [np.array([r]) for r in numbers_framed])
        compounds, counts, parts, fields = _with_candidates(compounds, counts, parts, elements.frame[icons_framed],
                                                            [np.array([r]) for r in icons_framed])
        # ... and a plain plate the segmenter missed that ends in a drop-down arrow is a combo box
        compounds, counts, parts, plated = _with_candidates(compounds, counts, parts,
                                                            *plate_combos(rgb, elements, groups, scale))
        # ... and so is a text with stacked steppers on its right that no frame holds
        compounds, counts, parts, stepped = _with_candidates(compounds, counts, parts, *stepper_fields(elements, scale))
        # ... and a plain plate after a "Label:" holding an icon and text is a text field
        compounds, counts, parts, labelled = _with_candidates(compounds, counts, parts,
                                                              *labelled_plates(rgb, elements, scale))
        # ... and a group of tick labels under a track with a knob is a slider with marks (see `sliders`)
        sliders, marks_of, slider_groups = marked_sliders(rgb, elements, groups, drawn_scale)
        # ... or a line of them under such a track wherever the layout put them, when no group
        # held them and the segmenter found no track alone over them (see `sliders`)
        tracks = slider_tracks(rgb, elements, scale)
        track_marks = {int(t): m for t, m in zip(tracks.tolist(),
                                                  marks_under(elements.kind, elements.xyxy, elements.text, tracks))
                       if len(m)}
        taken = np.concatenate(list(marks_of) + list(track_marks.values()) + [np.zeros(0, np.int64)])
        over, over_marks = marks_over(rgb, elements, drawn_scale, taken, np.concatenate([sliders, elements.xyxy[tracks]]))
        # ... the segmenter's region round such a track (and its ticks) is that slider
        onto = track_regions(elements.kind, elements.xyxy, over)
        track_marks |= {int(r): m for r, m in zip(onto, over_marks) if r >= 0}
        tracks = np.union1d(tracks, onto[onto >= 0]).astype(np.int64)
        sliders = np.concatenate([sliders, over[onto < 0]])
        marks_of = list(marks_of) + [m for r, m in zip(onto, over_marks) if r < 0]
        compounds, counts, parts, marked = _with_candidates(compounds, counts, parts, sliders, marks_of)
        # ... and a zoom level and its drop-down icon on one plate is a text box (see `compounds`)
        compounds, counts, parts, zoomed = _with_zoom_entries(compounds, counts, parts,
                                                              zoom_entries(rgb, elements, scale))
        if len(compounds):
            compounds = compounds.with_(color=dominant_colors(rgb, compounds.xyxy))
        n = len(elements)
        everything = Elements.concat([elements, compounds])
        is_compound = np.arange(len(everything)) >= n
        children = np.zeros(len(everything), np.int32)
        children[n:] = counts
        result = self.classifier.classify(control_inputs(rgb, everything, is_compound, children, scale))
        # a surely named icon that is no tick, box or dot is no checkbox, radio or switch; nor is
        # a compound made of that icon alone, nor a picture taller than any such glyph (a file
        # list's 128 px folder icon, which would take the name beside it) ...
        other_glyph = shows_other_glyph(elements, ENCODER_SURE, rgb)
        alone = np.array([len(p) == 1 and bool(other_glyph[p[0]]) for p in parts], bool)
        picture = (elements.kind != "text") & (elements.xyxy[:, 3] - elements.xyxy[:, 1] > MAX_GLYPH * scale)
        # ... nor a glyph framed alone by a plate taller than any such glyph (a calculator key's "√")
        picture |= (elements.kind != "text") & (elements.frame >= 0).all(axis=1) \
            & (elements.frame[:, 3] - elements.frame[:, 1] > MAX_GLYPH * scale)
        result = result.without_stateful(np.flatnonzero(np.concatenate([other_glyph | picture, alone])))
        roles = result.roles.copy()
        # a slider is thin one way (its track, or a vertical one's); a box thick both ways (an
        # icon view's 80 px file icon, a calculator's key) is something else, and no tick box
        wh = everything.xyxy[:, 2:] - everything.xyxy[:, :2]
        thick = np.flatnonzero((roles == "slider") & (wh.min(axis=1) > MAX_GLYPH * scale))
        roles[thick] = result.likeliest_other(thick, ("slider", "text") + STATEFUL)[0]
        # a text box's inside is a grey; one of an accent colour is a selected button or row
        accented = [r for r in np.flatnonzero(roles == "textbox").tolist()
                    if everything.kind[r] == "region" and not neutral_inside(rgb, everything.xyxy[r])]
        roles[accented] = result.likeliest_other(accented, ("textbox", "combobox", "spinbox"))[0]
        # a glyph alone shows no value, so it is no field (see `roles.glyph_fields`); nor a tick
        # box, unless it is drawn as one
        lone, boxy = glyph_fields(elements.kind, elements.text, elements.label, roles[:n])
        roles[lone] = np.where(boxy, result.likeliest_other(lone, ENTRY_ROLES)[0],
                               result.likeliest_other(lone, ENTRY_ROLES + STATEFUL)[0])
        # a framed value with a drop-down arrow is a combo box (see `compounds`); its text the value
        values = [int(parts[k][0]) for k in dropdowns]
        roles[n + dropdowns] = "combobox"
        # ... and a framed number with stacked arrows is a spin box, its number the value
        roles[n + framed_spins] = "spinbox"
        values += [int(parts[k][0]) for k in framed_spins]
        roles[n + plated] = "combobox"
        values += [int(r) for k in plated for r in parts[k] if elements.kind[r] == "text"]
        # (a word beside them is a spin box's too where a rule sets the steppers apart: Qt's "None")
        roles[n + stepped] = ["spinbox" if numeric_text(str(elements.text[parts[k][0]]))
                              or stepper_divider(rgb, compounds.xyxy[k], elements.xyxy[parts[k][0]]) else "combobox"
                              for k in stepped]
        values += [int(parts[k][0]) for k in stepped]
        roles[n + labelled] = "textbox"
        values += [int(r) for k in labelled for r in parts[k][1:]]
        # a field's frame around an icon at one end is a text box (see `compounds`), and the
        # icon in it the field's button (clear, search), not a second field or a tick box
        roles[n + fields] = "textbox"
        # ... and so is a frame round a query between a magnifier and a clear button (see `roles`)
        searches = search_fields(elements, compounds.xyxy, parts, scale) if len(compounds) else np.zeros(0, int)
        roles[n + searches] = "textbox"
        values += [int(r) for k in searches for r in parts[k] if elements.kind[r] == "text"]
        icons = np.array([int(parts[k][0]) for k in fields], np.int64)
        roles[icons[np.isin(roles[icons], FIELDS + ("checkbox", "radio", "switch"))]] = "button"
        # ... and so is a text box that ends in a drop-down arrow, its text again the value
        arrowed = entries_with_arrow(elements, compounds.xyxy, parts) if len(compounds) else np.zeros(0, int)
        # ... and so is one the classifier calls a button or an item whose value stands apart
        # from its arrow (a menu button draws its arrow right after its label)
        # (or a group of just the two: an editable combo box, its entry's plate apart from its arrow button's)
        apart = arrowed[np.isin(roles[n + arrowed], ("button", "link", "menuitem", "listitem", "text", "tab"))
                        | ((roles[n + arrowed] == "group") & (counts[arrowed] == 2))]
        # ... or whose value follows a form's "Label:" (a menu button in a toolbar has none)
        apart = apart[value_apart(elements, parts, apart) | form_labelled(elements, compounds.xyxy, parts, apart)]
        # ... and so is one holding an icon before its value, whatever the classifier says (a
        # file chooser button's folder)
        led = arrowed[icon_led(elements, parts, arrowed)]
        entries = np.unique(np.concatenate([arrowed[roles[n + arrowed] == "textbox"], apart, led]))
        roles[n + entries] = "combobox"
        values += [int(r) for k in entries for r in parts[k] if elements.kind[r] == "text"]
        # ... and one that ends in a "+" is a spin box, its text the value (see `compounds`)
        spins = spin_buttons(elements, compounds.xyxy, parts) if len(compounds) else np.zeros(0, int)
        spins = spins[np.isin(roles[n + spins], SPIN_GUESSES)]
        roles[n + spins] = "spinbox"
        values += [int(r) for k in spins for r in parts[k] if elements.kind[r] == "text"
                   and str(elements.text[r]).strip() != "+"]
        # ... and a zoom level with a drop-down icon and no divider before it is a text box, the
        # level its value; one between zoom buttons is cut down to its own frame (see `compounds`)
        roles[n + zoomed] = "textbox"
        values += [int(parts[k][0]) for k in zoomed]
        roles[values] = "text"
        roles, states = _with_pressed(rgb, elements, roles, result.states, scale)
        roles, states = _with_plates(elements, roles, states)
        # ... and so is a frame round an icon and its label centred together ("Help" with its icon)
        if len(compounds):
            plated = icon_label_plates(elements, compounds.xyxy, parts, scale)
            roles[n + plated[~np.isin(roles[n + plated], KEEP_ROLES)]] = "button"
            # ... and a frame holding a font's name and its size is a font button: its two texts
            # are the button's (a candidate with two texts is no control of its own)
            fonts = font_buttons(elements, compounds.xyxy, parts, scale)
            if len(fonts):
                roles[np.concatenate([parts[k] for k in fonts])] = "button"
        # a framed text button whose grey plate is darker than its bar is pressed (see `pressed`)
        # (or, on the plate found round it when the segmenter framed none, tinted with the accent
        # under an accent label: Materia's flat toggles)
        buttons = (elements.kind == "text") & (roles[:n] == "button")
        labels = np.flatnonzero(buttons & (elements.frame >= 0).all(axis=1))
        darker = labels[pressed_labels(rgb, elements.xyxy[labels], elements.frame[labels], scale)]
        unframed = buttons & (elements.frame < 0).any(axis=1)
        plates = label_plates(rgb, elements, scale, among=unframed)
        unframed = np.flatnonzero(unframed & (plates >= 0).all(axis=1))
        tinted = unframed[pressed_labels(rgb, elements.xyxy[unframed], plates[unframed], scale, tinted_only=True)]
        for r in np.concatenate([darker, tinted]).tolist():
            states[r] = tuple(dict.fromkeys((*states[r], "pressed")))
        # an empty framed box of a field's shape is a text box (see `compounds`)
        roles[empty_fields(rgb, elements, scale)] = "textbox"
        # ... and so is a text alone at the left of a bordered field's frame: its placeholder
        # (not a combo box's value found above)
        roles[np.setdiff1d(placeholder_fields(rgb, elements, scale), values)] = "textbox"
        # ... also when the segmenter missed that frame, a faint one found from the text outwards
        # after a form's "Label:"; such a plate ending in a drop-down arrow is a combo box
        plain = np.isin(roles[:n], PLATED_GUESSES) & (elements.frame < 0).any(axis=1)
        plates = text_plates(rgb, elements, scale, plain)
        found = np.flatnonzero((plates != elements.frame).any(axis=1))
        arrowed = found[[has_dropdown_arrow(rgb, plates[r], elements.xyxy[r]) for r in found.tolist()]]
        roles[arrowed] = "combobox"
        fields = np.setdiff1d(found, arrowed)
        only = np.full_like(plates, -1)                  # only the frames found here, of no combo box
        only[fields] = plates[fields]
        roles[placeholder_fields(rgb, elements.with_(frame=only), scale)] = "textbox"
        # ... and so is a candidate made of such a text (and a clear or search icon at its end, or
        # a folder before the text): the text its value, the icon at the end its button
        # (not a combo or spin box found above: Qt's Fusion arrows are too small to be icons of their own)
        for k in (placeholder_compounds(rgb, elements, compounds.xyxy, parts, scale) if len(compounds) else []):
            if roles[n + k] in ("combobox", "spinbox"):
                continue
            roles[n + k] = "textbox"
            inner = parts[k]
            text_x0 = elements.xyxy[inner[elements.kind[inner] == "text"], 0].min()
            roles[inner] = np.where(elements.kind[inner] != "icon", "text",
                                    np.where(elements.xyxy[inner, 0] < text_x0, "icon", "button"))
        # a thin track with a knob on it is a slider (see `sliders`)
        roles[tracks] = "slider"
        states = _keeping(states, tracks, ("disabled", "focused"))
        # the items of one menu, tab row or list share a role (see `siblings`); a combo box's
        # value stays text
        text = np.flatnonzero(elements.kind == "text")
        text = np.setdiff1d(text, values)
        roles[text] = harmonised_roles(elements.xyxy[text], roles[text], scale)
        # ... and the titles of a menu bar are menu items, however the classifier took each
        # (on a dark bar some look like a radio's or a field's label to it)
        bar = text[menu_bar_rows(elements.xyxy[text], elements.text[text], scale)]
        roles[bar] = "menuitem"
        states = _with_checked(states, bar, np.zeros(len(bar), bool))
        # ... and items between the rules of a tab row are tabs, unless a frame closes round the
        # whole row: linked buttons, a path bar's (see `tabs`)
        tabs, linked, pressed, toggles = tabs_and_linked_rows(rgb, elements.xyxy[text], roles[text], scale)
        roles[text[tabs]] = "tab"
        roles[text[linked]] = "button"
        states = _with_checked(states, text[linked], np.isin(linked, pressed))
        # ... or, framed button by button with one pressed and closed by its own border below
        # (a selected tab opens into its pane), toggle buttons: libfm-qt's path bar, check boxes
        # to accessibility trees (see `tabs`)
        roles[text[toggles]] = "checkbox"
        states = _with_checked(states, text[toggles], np.isin(toggles, pressed))
        # ... with the icons that continue such a row: a path bar's root and its scroll arrows
        roles[linked_row_icons(elements.kind, elements.xyxy, roles[:n], text[linked])] = "button"
        # ... and so is a label on an accent bar, a selected tab drawn underlined (see `tabs`)
        under = underlined_tabs(rgb, elements.xyxy[text], elements.text[text], roles[text])
        roles[text[under]] = "tab"
        # ... and so are the bare labels on its row, its notebook's other tabs (and level ones
        # the classifier took for menu items, but a menu bar's titles)
        roles[text[underlined_tab_mates(elements.xyxy[text], elements.text[text], roles[text], under,
                                        np.flatnonzero(np.isin(text, bar)))]] = "tab"
        # a header bar's view switcher, its selected item barred in no accent, is radios, the
        # barred one checked (see `tabs`)
        switcher, barred = underlined_switchers(rgb, elements.xyxy[text], elements.text[text], roles[text],
                                                drawn_scale)
        roles[text[switcher]] = "radio"
        states = _with_checked(states, text[switcher], np.isin(switcher, barred))
        # ... and so are the labels of a row over a pane's edge that opens under one of them
        roles[text[open_tab_rows(rgb, elements.xyxy[text], elements.text[text], roles[text], scale)]] = "tab"
        # ... and so are the labels stacked down a notebook's side, one with an accent bar (see `tabs`)
        roles[text[side_tabs(rgb, elements.xyxy[text], elements.text[text], roles[text], drawn_scale)]] = "tab"
        # ... and so is a label with a close glyph right after it (see `tabs`)
        roles[closable_tabs(elements.kind, elements.xyxy, elements.label, roles[:n])] = "tab"
        # ... and a glyph the classifier called a check box or radio before a tab's label is
        # that tab's icon (an editor's file-type icon, an empty page drawn as a box)
        in_tabs = tab_icons(elements.kind, elements.xyxy, roles[:n])
        roles[in_tabs] = "icon"
        states = _with_checked(states, in_tabs, np.zeros(len(in_tabs), bool))
        roles = _without_glyph_controls(roles, n, parts, in_tabs)
        # a short label still plain text, centred on a plate the segmenter missed, is a button
        # (linked buttons; see `plates.label_plates`): tab rows have taken their items by now
        # (not a field's value: a zoom entry's level is centred on its plate too)
        plated = centred_labels(elements.with_(frame=label_plates(rgb, elements, scale, among=roles[:n] == "text")))
        plated = np.setdiff1d(plated, values)
        roles[plated[roles[plated] == "text"]] = "button"
        # ... and so is one the classifier called a link on a button's plate its layout stretched
        # (see `plates`)
        on_plates = plated[(roles[plated] == "link") & (elements.frame[plated] >= 0).all(axis=1)]
        roles[stretched_link_plates(elements, on_plates)] = "button"
        # ... and items that end in accelerators or submenu arrows are a menu's, and so are the
        # accelerators at their rows' ends (see `siblings`)
        marks = np.flatnonzero(elements.kind == "icon")
        menu, keys = menu_columns(elements.xyxy[text], elements.text[text], elements.xyxy[marks],
                                  elements.label[marks], scale)
        roles[text[np.union1d(menu, keys)]] = "menuitem"
        # the converse of `shows_other_glyph`: an icon named a tick box, radio dot or switch pill,
        # with a label beside it that is no menu item, is that control
        glyph_rows, glyph_roles = control_glyphs(elements, roles)
        roles[glyph_rows] = glyph_roles
        # a check box's glyph, when it is drawn as a square box, says whether it is ticked
        # (`box_state`): the classifier, seeing the control with its label, missed thunar's ticks;
        # a glyph it called a switch but drawn as a square box is a check box (a switch is a pill)
        boxed = np.flatnonzero((elements.kind == "icon") & np.isin(roles[:n], ("checkbox", "switch")))
        ticks = [box_state(rgb, elements.xyxy[r], scale) for r in boxed.tolist()]
        drawn = np.array([t is not None for t in ticks], bool)
        roles[boxed[drawn]] = "checkbox"
        states = _with_checked(states, boxed[drawn], np.array([bool(t) for t in ticks], bool)[drawn])
        # ... and one drawn as a ring or disc is a radio (a dark theme's faint disc)
        discs, dots = with_states(boxed[~drawn], [ring_state(rgb, elements.xyxy[r]) for r in boxed[~drawn].tolist()])
        roles[discs] = "radio"
        states = _with_checked(states, discs, dots)
        # ... and a glyph the classifier called a radio with a dot in its ring is checked (not
        # the other way round: `ring_state` takes Adwaita's thick accent ring round a white
        # centre, a checked radio, for an empty ring)
        rung = [r for r in np.flatnonzero((elements.kind == "icon") & (roles[:n] == "radio")).tolist()
                if ring_state(rgb, elements.xyxy[r]) is True]
        states = _with_checked(states, np.array(rung, np.int64), np.ones(len(rung), bool))
        # ... and so is an icon drawn as a ring with a label on its right: a radio button
        rings, dotted = ring_glyphs(rgb, elements, roles)
        roles[rings] = "radio"
        states = _with_checked(states, rings, dotted)
        # ... and an unnamed icon drawn as a square box with a label on its right: a check box,
        # checked when something is drawn inside it
        boxes, ticked = box_glyphs(rgb, elements, roles, scale)
        roles[boxes] = "checkbox"
        states = _with_checked(states, boxes, ticked)
        # ... and a glyph the classifier or the icon stage saw a switch in, drawn as a pill with a
        # knob at one end, is a switch, on with its knob at the right (`switches`): also one the
        # classifier took for a picture (a 54 px switch on a tall list row at scale 2)
        seen = np.flatnonzero((elements.kind == "icon") & ((roles[:n] == "switch") | (elements.label == "toggle")))
        pills, on = with_states(seen, [pill_state(rgb, elements.xyxy[r], scale) for r in seen.tolist()])
        roles[pills] = "switch"
        states = _with_checked(states, pills, on)
        # (an on switch's track is the accent colour a focus ring is drawn in: no focus of its own)
        states = _keeping(states, pills[on], tuple(s for s in STATES if s != "focused"))
        # ... and glyphs lined up with their labels are one kind of control (see `siblings`)
        roles[:n] = _harmonised_glyphs(elements, roles, parts, scale, other_glyph)
        # ... but the box or ring before an item of a menu is that item's: a check or radio menu
        # item is a menu item (checked or not), as accessibility trees have it
        in_menus = menu_glyphs(elements.kind, elements.xyxy, roles[:n], text[menu])
        roles[in_menus] = "menuitem"
        # ... and icons lined up beside list items are those rows' icon cells (see `siblings`)
        roles[list_row_icons(elements.kind, elements.xyxy, roles[:n], scale)] = "listitem"
        roles[np.concatenate(icon_list_rows(elements.kind, elements.xyxy, roles[:n], scale))] = "listitem"
        # ... and a row of small unlabelled icons is a toolbar of buttons (see `siblings`), at the
        # scale the text tells
        keys = toolbar_icons(elements.kind, elements.xyxy, roles[:n], drawn_scale)
        ticks = keys[np.isin(roles[keys], STATEFUL)]      # a key among keys is no tick box: not checked
        states = _with_checked(states, ticks, np.zeros(len(ticks), bool))
        roles[keys] = "button"
        # ... and so is a small icon in a looser such row, with the short label on its right
        held = np.zeros(n, bool)
        for k, rows in enumerate(parts):
            held[rows] |= roles[n + k] in INTERACTIVE
        bar_icons, bar_labels = toolbar_labels(elements.kind, elements.xyxy, elements.text, roles[:n], drawn_scale,
                                           ~held)
        roles[np.concatenate([bar_icons, bar_labels[bar_labels >= 0]])] = "button"
        # ... and so is a surely named action icon without a label (see `roles`)
        roles[action_icons(elements, roles, ENCODER_SURE)] = "button"
        # ... unless it is an item of an icon-only view switcher (gitg's), a radio, the barred one
        # checked (see `tabs`)
        icons = np.flatnonzero(elements.kind == "icon")
        switcher, barred = underlined_switchers(rgb, elements.xyxy[icons], elements.label[icons], roles[icons],
                                                drawn_scale, icons=True)
        icon_radios = icons[switcher]
        roles[icon_radios] = "radio"
        states = _with_checked(states, icon_radios, np.isin(switcher, barred))
        # ... and so is a colour swatch on its plate, never ticked (see `icons.swatches`)
        swatches = np.flatnonzero(elements.icon == SWATCH_ICON)
        roles[swatches] = "button"
        states = _with_checked(states, swatches, np.zeros(len(swatches), bool))
        # a speaker icon with no slider beside it, no list's row icon, is a volume button, which
        # accessibility trees call a slider (see `sliders`)
        volume = volume_buttons(elements.kind, elements.xyxy, elements.label, roles[:n])
        roles[volume] = "slider"
        states = _keeping(states, volume, ("disabled", "focused"))
        # ... and the short labels of a keypad, keys that share their borders, are buttons
        roles[keypad_keys(elements.kind, elements.xyxy, elements.text, roles[:n], scale)] = "button"
        # a number with a "+" after it on its line, nothing between but a "-", is the value of a
        # spin box drawn flat (see `compounds`; a keypad's keys are buttons by now, each framed by
        # its key: an unframed number the classifier calls a button is a greyed spin box's)
        unframed = (elements.frame < 0).any(axis=1)
        flat = np.setdiff1d(flat_spin_values(elements, np.flatnonzero(
            (elements.kind == "text") & (np.isin(roles[:n], FLAT_SPIN_GUESSES) | ((roles[:n] == "button") & unframed)))),
            values)
        roles[flat] = "spinbox"
        # ... and a candidate holding one and its steppers alone (the plate the segmenter found
        # round them) is that spin box, the number its value (see `compounds`)
        plates, plated_values = flat_spin_plates(elements, parts, flat) if len(compounds) else (np.zeros(0, int),) * 2
        roles[n + plates] = "spinbox"
        roles[plated_values] = "text"
        states = _keeping(states, n + plates, ("disabled", "focused"))
        # ... and plain text in two columns sharing rows is a table's cells (see `siblings`), so
        # are runs the classifier calls links but drawn in black or grey like the rest
        links = np.flatnonzero((elements.kind == "text") & (roles[:n] == "link"))
        plain = np.zeros(n, bool)
        plain[links] = ink_chroma(rgb, elements.xyxy[links]) < PLAIN_CHROMA
        roles[table_cells(elements.xyxy, elements.text, roles[:n], scale, plain)] = "listitem"
        # ... and so is a column of check boxes, radios or pictures taken for them beside a
        # table's cells (an accessibility tree's checkable table cell; file-roller's folders)
        cells = list_row_icons(elements.kind, elements.xyxy, roles[:n], scale, GLYPH_LINE_ROLES)
        # ... and a column of them standing after a table's cells, labelled or not (see `siblings`)
        cells = np.union1d(cells, checkable_cells(elements.kind, elements.xyxy, roles[:n], scale))
        roles[cells] = "listitem"
        roles = _without_glyph_controls(roles, n, parts, cells)
        # ... and so are the pictures over an icon view's items (see `siblings`)
        # (a picture greyed or on a plate is no pressed or greyed-out control)
        viewed = icon_view_items(elements.kind, elements.xyxy, roles[:n])
        roles[viewed] = "listitem"
        states = _keeping(states, viewed, ("selected", "focused"))
        # ... and a short line heading indented list rows is a tree's section header row
        roles[tree_headers(elements.kind, elements.xyxy, elements.text, roles[:n], elements.label)] = "listitem"
        roles[link_texts(elements, roles)] = "link"
        # a row of flat labels, one on a plate of its own, is a row of toggle buttons, that one
        # pressed: Qt's path bar, check boxes to accessibility trees (see `tabs`)
        toggles, toggled = flat_toggle_rows(rgb, elements.xyxy[text], elements.text[text], roles[text], scale)
        roles[text[toggles]] = "checkbox"
        states = _with_checked(states, text[toggles], np.isin(toggles, toggled))
        # ... but the items of a popover, which a notch on its plate points at its button, are
        # buttons, and its empty rings read as a letter are its radios' (see `popovers`)
        popped, rings_read, ring_roles, openers = popover_items(rgb, elements, roles[:n], scale)
        roles[popped] = "button"
        roles[rings_read] = ring_roles
        states = _keeping(states, rings_read, ("focused",))
        # ... and the button its notch points at is pressed, its popover expanded (a glyph is a
        # menu button; a combo box's value text is left alone: the state is the combo box's)
        roles[openers[elements.kind[openers] == "icon"]] = "button"
        openers = openers[np.isin(roles[openers], ("button", "menuitem"))]
        states = _with_state(_with_state(states, openers, np.ones(len(openers), bool), "pressed"),
                             openers, np.ones(len(openers), bool), "expanded")
        # ... and a page number, framed or before its count ("(1 of 12)"), is a text box (see `labels`)
        pages = page_fields(elements.kind, elements.xyxy, elements.text, elements.frame, roles[:n])
        roles[pages] = "textbox"
        # ... and so is its count when one frame holds the two (evince's greyed entry, linked)
        roles[linked_page_counts(elements.kind, elements.text, pages, parts)] = "textbox"
        # "expanded" is what a disclosure triangle before a label says, the triangle the row's
        # expander; a guess on a paragraph or a bare row goes (see `disclosure`)
        states = without_unfounded_expanded(states, roles)
        glyphs, heads, opened, expanders = disclosures(elements.kind, elements.xyxy, elements.label, drawn_scale)
        # (a caret up is only an expander standing alone, and tells the others' direction)
        lone = expanders & lone_expanders(elements.kind, elements.xyxy, glyphs, heads,
                                          (elements.frame >= 0).all(axis=1))
        # (or one of a column of them: Materia's open sections down a sidebar)
        keep = lone | ~np.isin(elements.label[glyphs], UP) | stacked_up(elements.xyxy, elements.label, glyphs, expanders)
        # (a bevelled radio's unlit diamond reads as a chevron: a ring found above stays a radio)
        keep &= ~np.isin(glyphs, rings)
        glyphs, heads, opened, expanders, lone = glyphs[keep], heads[keep], opened[keep], expanders[keep], lone[keep]
        opened &= ~materia_closed(elements.label, glyphs, lone)
        roles[glyphs[expanders]] = "button"
        # an open expander is a toggle pressed in: "checked", as accessibility trees have a
        # sidebar's section toggles (gitg's "Branches")
        states = _keeping(states, glyphs, ("disabled", "focused"))
        states = _with_checked(states, glyphs[expanders], opened[expanders])
        states = _with_state(_with_state(states, glyphs, opened, "expanded"), heads, opened, "expanded")
        # ... and one standing alone is a toggle button, its label (grown over the glyph later),
        # checked when open, as accessibility trees have it (see `disclosure`)
        roles[heads[lone]] = "button"
        roles[glyphs[lone]] = "icon"
        states = _keeping(_keeping(states, heads[lone], ("disabled", "focused", "expanded")), glyphs[lone], ())
        states = _with_checked(states, heads[lone], opened[lone])
        expanders &= ~lone
        # a slider's marks are its text, whatever the rules above took them for, the marks cut
        # into icons no icons at all (see `sliders`)
        marks = np.concatenate([parts[k] for k in marked] + list(track_marks.values()) + [np.zeros(0, np.int64)])
        roles[n + marked] = "slider"
        states = _keeping(_keeping(states, n + marked, ("disabled", "focused")), marks, ())
        roles[marks] = np.where(elements.kind[marks] == "text", "text", "icon")
        # ... and so is a glyph read as a letter or two, which becomes the icon it is
        letters = np.union1d(glyphs_read_as_letters(elements, roles),
                             glyph_rows[elements.kind[glyph_rows] == "text"])
        label = everything.label.copy()
        label[marks[elements.kind[marks] == "icon"]] = ""
        everything = _letters_as_glyphs(everything.with_(role=roles, states=states, label=label),
                                        np.setdiff1d(letters, marks))
        # a candidate the classifier calls a control stands for its parts; the rest stay groups.
        # A control has one name, so a candidate holding two or more text runs (two calculator
        # keys, two menu titles side by side) is never one control; a count by its drop-down
        # arrow is no second name (`compounds.value_texts`).
        texts = np.array([value_texts(elements, p) for p in parts], np.int32)
        control = np.isin(roles[n:], INTERACTIVE) & (texts <= 1)
        # a row of linked buttons with one plate drawn apart is a radio group, that one checked,
        # never one control (see `compounds`), unless the others are apart for being greyed out
        # (xfce4-settings-editor's Add beside a disabled Edit and Reset), or, of two, either is;
        # the plain labels of the other rows are their buttons
        linked = linked_buttons(rgb, elements, compounds.xyxy, parts, roles[n:]) if len(compounds) else []
        # (a row holding a field is an entry and what is linked to it: evince's page number and count)
        # (nor a slider's marks)
        linked = [(k, segs, odd) for k, segs, odd in linked
                  if not np.isin(roles[np.concatenate(segs)], FIELDS).any() and k not in marked]
        # (and a row of more segments than a candidate holds: simple-scan's delays 0 | 3 | 6 | 10 | 15,
        # a lone digit on its plate a spin box to the classifier, but no entry among them, nor a
        # notebook's tabs, the selected one's plate apart too)
        row_boxes, row_parts = long_rows(elements, groups, drawn_scale)
        linked += [(-1, segs, odd) for _, segs, odd in
                   linked_buttons(rgb, elements, row_boxes, row_parts, np.full(len(row_parts), "group", dtype=object),
                                  2 * MAX_PARTS)
                   if not np.isin(roles[np.concatenate(segs)], ("textbox", "combobox", "tab")).any()]
        greyed = [odd >= 0 and (any(_greyed_segments(states, segs)) if len(segs) == 2 else
                                all(g for i, g in enumerate(_greyed_segments(states, segs)) if i != odd))
                  for _, segs, odd in linked]
        radios = [(k, segs, odd) for (k, segs, odd), grey in zip(linked, greyed) if odd >= 0 and not grey]
        labels = np.array([r for (_, segs, odd), grey in zip(linked, greyed) if odd < 0 or grey
                           for r in np.concatenate(segs).tolist() if roles[r] == "text" and elements.kind[r] == "text"],
                          np.int64)
        control[[k for k, _, _ in radios if k >= 0]] = False
        control[marked] = True                            # a slider holds its marks' texts
        # ... and its group, track and marks, is no other control (a text box to the classifier),
        # nor is a region the segmenter drew round them (see `sliders`)
        if len(slider_groups) and len(compounds):
            control[(compounds.xyxy[:, None, :] == slider_groups[None]).all(axis=2).any(axis=1)] = False
        slid = [(elements.xyxy[t], m) for t, m in track_marks.items()] + [(compounds.xyxy[k], parts[k]) for k in marked]
        round_sliders = boxes_round_sliders(everything.xyxy, np.array([t for t, _ in slid]).reshape(-1, 4),
                                            [elements.xyxy[m] for _, m in slid])
        control[round_sliders[n:]] = False
        # ... and so is a row of labels framed apart, frames abutting, one plate pressed (a toggle
        # pair "Unified | Split" the segmenter framed label by label; see `compounds`)
        # (not when a segment is greyed out: its plate is apart for that)
        # (also when the segmenter framed no label: their plates found from the labels outwards)
        in_candidates = np.concatenate([r for _, segs, _ in linked for r in segs] or [np.zeros(0, int)])
        plated = elements.with_(frame=label_plates(rgb, elements, scale, among=np.isin(roles[:n], LINKED_GUESSES)))
        radios += [(-1, [np.array([r]) for r in rows.tolist()], odd) for rows, odd in linked_frames(rgb, plated, roles[:n])
                   if odd >= 0 and not np.isin(rows, in_candidates).any() and not any(_greyed(states, rows))]
        everything = _as_radio_groups(everything, radios)
        # (an icon made a radio so stands for itself: it keeps its function as its name)
        icon_radios = np.union1d(icon_radios, [r for _, segs, _ in radios for seg in segs for r in np.asarray(seg).tolist()
                                               if everything.kind[r] == "icon"]).astype(np.int64)
        if len(labels):
            role = everything.role.copy()
            role[labels] = "button"
            everything = everything.with_(role=role)
        # a number beside a slider's track is the value it shows (see `sliders`)
        shown = slider_values(everything.kind[:n], everything.xyxy[:n], everything.text[:n],
                              np.flatnonzero(everything.role[:n] == "slider"))
        if shown:
            role = everything.role.copy()
            role[list(shown.values())] = "text"
            everything = everything.with_(role=role)
            track_marks = {t: np.union1d(track_marks.get(t, np.zeros(0, np.int64)), [v]).astype(np.int64)
                           for t, v in shown.items()} | {t: m for t, m in track_marks.items() if t not in shown}
        used = [k for k in range(len(compounds)) if control[k]]
        keep = np.concatenate([np.ones(n, bool), control])
        everything = everything[keep].numbered()          # provisional ids: row numbers
        part_rows = {n + i: parts[k] for i, k in enumerate(used)} | track_marks
        parent = everything.parent.copy()
        for row, rows in part_rows.items():
            parent[rows] = row
        # a menu item's one-word read one thin glyph off a menu-bar word is that word ("Edlit")
        text = menu_items_read(everything.text, everything.role)
        everything = assign_names(_indicators_unlabelled(everything.with_(parent=parent, text=text), icon_radios),
                                  part_rows, icon_radios)
        # a flat spin box's number is its value too (it keeps its own text as its name: a run
        # read as a spin box is no field that takes a label, see `labels`)
        value = everything.value.copy()
        spun = flat[roles[flat] == "spinbox"]
        value[spun] = everything.text[spun]
        everything = everything.with_(value=value)
        # a tree's expander is named by the row it heads, and does what its triangle says
        everything = _expanders_named(everything, glyphs[expanders], heads[expanders], opened[expanders])
        # ... and a lone expander's label is the button round its glyph
        everything = _grown_over(everything, heads[lone], glyphs[lone])
        # a zoom entry is named for what it sets, as its buttons are ("Zoom in"; `labels` rule 6),
        # not after a window title beside it in the header bar
        everything = _with_column(everything, n, used, zoomed, "name", "Zoom")
        # a text field around an icon shows no value (its name may come from the icon: "search")
        everything = _with_column(everything, n, used, fields, "value", "")
        # ... nor does a slider with marks: its marks are no value
        everything = _with_column(everything, n, used, marked, "value", "")
        if track_marks:
            value = everything.value.copy()
            value[list(track_marks)] = ""
            value[list(shown)] = everything.text[list(shown.values())]
            everything = everything.with_(value=value)
        everything = _with_entries(everything, entries_in_combos(rgb, everything, part_rows))
        # the segmenter's region round a slider's track and its marks is none of its own (see
        # `sliders`), nor is a grid's empty cell (see `compounds`)
        dropped = np.flatnonzero(round_sliders[:n] & (elements.kind == "region"))
        everything = _less(everything, np.union1d(dropped, grid_cells(everything)))
        # a title over a second line, row after row down a column, is one list item each, named
        # by both lines (see `rows`)
        everything = _renumber(with_two_line_rows(everything, scale))
        # a row of icon-and-label segments of one width, one on a plate, is a stack switcher: radio
        # buttons, the plated one checked (see `switchers`)
        everything = _as_radio_groups(everything, [(-1, segs, odd) for segs, odd in
                                                   stack_switchers(rgb, everything.kind, everything.xyxy,
                                                                   everything.text, everything.label)])
        # the check of a check box, radio or switch is the control's: its label is not checked
        everything = everything.with_(states=_label_states(everything))
        remaining = _without(groups, compounds.xyxy[control]) if len(compounds) else groups
        return build_tree(everything, remaining, rgb.shape[1], rgb.shape[0], first_id=len(everything))


def _harmonised_glyphs(elements: Elements, roles: np.ndarray, parts: list[np.ndarray], scale: float,
                       other_glyph: np.ndarray) -> np.ndarray:
    """The leaves' roles after `siblings.harmonised_glyphs`, with a glyph that a check box,
    radio or switch compound holds voting as that compound, and one-glyph text runs read from
    a control's glyph ("O", "[]") counting as glyphs. ``roles``: leaves, then compounds. Icons
    surely named something no such control draws (``other_glyph`` (N,) bool: a file row's
    type icon) keep their role."""
    n = len(elements)
    votes = roles[:n].copy()
    for k, rows in enumerate(parts):
        if roles[n + k] in GLYPH_LINE_ROLES:
            held = rows[(elements.kind[rows] == "icon") & ~np.isin(votes[rows], GLYPH_LINE_ROLES)]
            votes[held] = roles[n + k]
    glyph = (elements.kind == "icon") | one_glyph_reads(elements)
    harmonised = harmonised_glyphs(elements.kind, elements.xyxy, elements.text, votes, scale, glyph)
    return np.where((harmonised != votes) & ~other_glyph, harmonised, roles[:n])


def _greyed(states: list[tuple[str, ...]], rows: np.ndarray) -> list[bool]:
    """Whether each of ``rows`` is drawn greyed out ("disabled" in its ``states``)."""
    return ["disabled" in states[r] for r in rows.tolist()]


def _greyed_segments(states: list[tuple[str, ...]], segments: list[np.ndarray]) -> list[bool]:
    """Whether each segment (its rows) of a row of linked buttons is greyed out (any of them)."""
    return [any(_greyed(states, np.asarray(rows))) for rows in segments]


def _without_glyph_controls(roles: np.ndarray, n: int, parts: list[np.ndarray], glyphs: np.ndarray) -> np.ndarray:
    """``roles`` (the ``n`` leaves', then the compound candidates') with each candidate that
    holds one of ``glyphs`` (leaf rows no longer a check box, radio or switch: a table's cell, a
    tab's icon) and was called such a control made a group: a glyph and its label are no control
    once the glyph is none. A copy."""
    roles = roles.copy()
    held = [k for k, rows in enumerate(parts) if np.isin(rows, glyphs).any()]
    roles[[n + k for k in held if roles[n + k] in GLYPH_LINE_ROLES]] = "group"
    return roles


def _with_candidates(compounds: Elements, counts: np.ndarray, parts: list[np.ndarray], boxes: np.ndarray,
                     new_parts: list[np.ndarray]) -> tuple[Elements, np.ndarray, list[np.ndarray], np.ndarray]:
    """The compound candidates plus one framed by each of ``boxes`` (K, 4) made of the rows
    ``new_parts`` (a value framed alone with its drop-down arrow, an icon in a text field, a
    plain plate's value and arrow), and the candidate indices of the added ones."""
    first = len(compounds)
    if not len(new_parts):
        return compounds, counts, parts, np.zeros(0, np.int64)
    return (Elements.concat([compounds, framed_regions(np.asarray(boxes).reshape(-1, 4))]),
            np.concatenate([counts, np.array([len(p) for p in new_parts], np.int32)]),
            list(parts) + list(new_parts), first + np.arange(len(new_parts)))


def _with_column(everything: Elements, n: int, used: list[int], candidates: np.ndarray, column: str,
                 value: str) -> Elements:
    """``everything`` (``n`` leaves, then the kept candidates ``used``, in order) with ``column``
    set to ``value`` on the rows of those of ``candidates`` that were kept."""
    wanted = set(np.asarray(candidates).tolist())
    rows = [n + i for i, k in enumerate(used) if k in wanted]
    if not rows:
        return everything
    out = getattr(everything, column).copy()
    out[rows] = value
    return everything.with_(**{column: out})


def _with_zoom_entries(compounds: Elements, counts: np.ndarray, parts: list[np.ndarray],
                       zooms: list[tuple[np.ndarray, np.ndarray]]
                       ) -> tuple[Elements, np.ndarray, list[np.ndarray], np.ndarray]:
    """The compound candidates with each zoom entry (from `compounds.zoom_entries`: box, rows
    of the level and its icon) in: a candidate holding the two (and perhaps the zoom buttons
    around them) is cut down to the entry's box and those two parts; otherwise one is added.
    With the candidate indices of the entries."""
    xyxy, counts, parts = compounds.xyxy.copy(), counts.copy(), list(parts)
    taken, new_boxes, new_parts = [], [], []
    for box, rows in zooms:
        holders = [k for k, p in enumerate(parts) if np.isin(rows, p).all() and k not in taken]
        if holders:
            k = min(holders, key=lambda k: len(parts[k]))
            xyxy[k], counts[k], parts[k] = box, len(rows), rows
            taken.append(k)
        else:
            new_boxes.append(box)
            new_parts.append(rows)
    compounds = compounds.with_(xyxy=xyxy) if len(compounds) else compounds
    compounds, counts, parts, added = _with_candidates(compounds, counts, parts, np.array(new_boxes).reshape(-1, 4),
                                                       new_parts)
    return compounds, counts, parts, np.concatenate([np.array(taken, np.int64), added])


def _label_states(everything: Elements) -> list[tuple[str, ...]]:
    """The states of ``everything`` (numbered by row, parents by id) with "checked" taken off the
    children of checkable controls (`STATEFUL`) that are not checkable themselves: the label of
    a ticked "Keep a copy in Sent" box read the tick as its own state."""
    states = list(everything.states)
    parent = everything.parent
    for r in np.flatnonzero(parent >= 0).tolist():
        if everything.role[parent[r]] in STATEFUL and everything.role[r] not in STATEFUL:
            states[r] = tuple(s for s in states[r] if s != "checked")
    return states


def _keeping(states: list[tuple[str, ...]], rows: np.ndarray, kept: tuple[str, ...]) -> list[tuple[str, ...]]:
    """``states`` with only the ``kept`` states left on each of ``rows`` (a slider or a picture
    is never checked nor pressed); a copy."""
    states = list(states)
    for r in np.asarray(rows).tolist():
        states[r] = tuple(s for s in states[r] if s in kept)
    return states


def _expanders_named(everything: Elements, glyphs: np.ndarray, heads: np.ndarray, opened: np.ndarray) -> Elements:
    """``everything`` with each expander glyph of ``glyphs`` named as the row it ``heads`` (its
    text) and labelled with what a click does: "collapse" when ``opened``, else "expand"."""
    if not len(glyphs):
        return everything
    name, label = everything.name.copy(), everything.label.copy()
    name[glyphs] = [str(everything.text[h]) for h in heads.tolist()]
    label[glyphs] = np.where(opened, "collapse", "expand")
    return everything.with_(name=name, label=label)


def _grown_over(everything: Elements, rows: np.ndarray, parts: np.ndarray) -> Elements:
    """``everything`` with each of ``rows`` grown over its part in ``parts`` (K,), which becomes
    its child."""
    if not len(rows):
        return everything
    xyxy, parent = everything.xyxy.copy(), everything.parent.copy()
    xyxy[rows, :2] = np.minimum(xyxy[rows, :2], xyxy[parts, :2])
    xyxy[rows, 2:] = np.maximum(xyxy[rows, 2:], xyxy[parts, 2:])
    parent[parts] = everything.id[rows]
    return everything.with_(xyxy=xyxy, parent=parent)


def _with_checked(states: list[tuple[str, ...]], rows: np.ndarray, checked: np.ndarray) -> list[tuple[str, ...]]:
    """``states`` with "checked" set for each of ``rows`` as ``checked`` (K,) bool says (a glyph's
    drawing overrides the classifier's call); a copy."""
    return _with_state(states, rows, checked, "checked")


def _with_state(states: list[tuple[str, ...]], rows: np.ndarray, on: np.ndarray, state: str) -> list[tuple[str, ...]]:
    """``states`` with ``state`` set or cleared on each of ``rows`` as ``on`` (K,) bool says; a copy."""
    states = list(states)
    for r, flag in zip(np.asarray(rows).tolist(), np.asarray(on).tolist()):
        kept = tuple(s for s in states[r] if s != state)
        states[r] = kept + (state,) if flag else kept
    return states


def _with_pressed(rgb: np.ndarray, elements: Elements, roles: np.ndarray, states: list[tuple[str, ...]],
                  scale: float) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """``roles`` and ``states`` (leaves ``elements`` first, then compounds) with the icons that
    `pressed.pressed_buttons` finds pressed made buttons with the state "pressed"."""
    roles, states = roles.copy(), list(states)
    rows = np.flatnonzero((elements.kind == "icon") & np.isin(roles[:len(elements)], ("button", "icon")))
    for r in rows[pressed_buttons(rgb, elements.xyxy[rows], scale)].tolist():
        states[r] = tuple(dict.fromkeys((*states[r], "pressed")))
        roles[r] = "button"
    return roles, states


def _with_plates(elements: Elements, roles: np.ndarray, states: list[tuple[str, ...]]
                 ) -> tuple[np.ndarray, list[tuple[str, ...]]]:
    """``roles`` and ``states`` with the text runs centred on a plate of their own
    (`plates.centred_labels`) made buttons, which are never "checked"."""
    roles, states = roles.copy(), list(states)
    rows = centred_labels(elements)
    for r in rows[~np.isin(roles[rows], KEEP_ROLES)].tolist():
        roles[r] = "button"
        states[r] = tuple(s for s in states[r] if s != "checked")
    return roles, states


def _letters_as_glyphs(everything: Elements, rows: np.ndarray) -> Elements:
    """``everything`` with the text runs at ``rows`` (glyphs read as letters: from
    `roles.glyphs_read_as_letters` and the text rows of `roles.control_glyphs`) made the icons
    they are: no text, labelled with their control's glyph function."""
    if not len(rows):
        return everything
    function = {role: glyph for glyph, role in GLYPH_ROLES.items()}
    kind, text, label = everything.kind.copy(), everything.text.copy(), everything.label.copy()
    kind[rows], text[rows] = "icon", ""
    label[rows] = [function[str(r)] for r in everything.role[rows]]
    return everything.with_(kind=kind, text=text, label=label)


def _as_radio_groups(everything: Elements, groups: list[tuple[int, list[np.ndarray], int]]) -> Elements:
    """``everything`` with the parts of each row of linked buttons (from
    `compounds.linked_buttons`: candidate, each segment's part rows, the odd segment) made radios,
    the odd segment's alone "checked" (and none "pressed")."""
    if not groups:
        return everything
    role, states = everything.role.copy(), list(everything.states)
    for _, segs, odd in groups:
        for i, rows in enumerate(segs):
            role[rows] = "radio"
            for r in np.asarray(rows).tolist():
                kept = tuple(s for s in states[r] if s not in ("checked", "pressed"))
                states[r] = kept + ("checked",) if i == odd else kept
    return everything.with_(role=role, states=states)


def _with_entries(everything: Elements, entries: list[tuple[int, int, np.ndarray]]) -> Elements:
    """``everything`` (numbered by row) plus the text box of each editable combo box (from
    `compounds.entries_in_combos`: combo row, value text row or -1 when empty, box): a child of
    the combo box, named as it is, holding the value text as its value and its child."""
    if not entries:
        return everything
    n = len(everything)
    combos = np.array([c for c, _, _ in entries])
    boxes = Elements(np.stack([b for _, _, b in entries]), ["region"] * len(entries),
                     role=["textbox"] * len(entries), name=everything.name[combos],
                     value=[str(everything.text[t]) if t >= 0 else "" for _, t, _ in entries],
                     states=[tuple(s for s in everything.states[c] if s != "expanded") for c in combos],
                     color=everything.color[combos], score=everything.score[combos],
                     parent=everything.id[combos], id=n + np.arange(len(entries)))
    parent = everything.parent.copy()
    for k, (_, t, _) in enumerate(entries):
        if t >= 0:
            parent[t] = n + k
    return Elements.concat([everything.with_(parent=parent), boxes])


def _without(groups: np.ndarray, used: np.ndarray) -> np.ndarray:
    """``groups`` minus the boxes in ``used``."""
    if not len(used):
        return groups
    taken = (groups[:, None, :] == used[None, :, :]).all(-1).any(1)
    return groups[~taken]


def _indicators_unlabelled(elements: Elements, controls: np.ndarray) -> Elements:
    """``elements`` with no function label on the glyph of a check box, radio or switch: the icon
    stage names a check box's square "stop" or "shapes" and a radio's ring "record", which say
    nothing of the control (its role does) and would be read as a word of its name. The matched
    template stays in ``icon``. The icons in ``controls`` (rows: a view switcher's, radios
    themselves) keep theirs: it is what they stand for."""
    indicator = (elements.kind == "icon") & np.isin(elements.role, STATEFUL) & (elements.label != "")
    indicator[np.asarray(controls, np.int64)] = False
    if not indicator.any():
        return elements
    label = elements.label.copy()
    label[indicator] = ""
    return elements.with_(label=label)


def _less(elements: Elements, rows: np.ndarray) -> Elements:
    """``elements`` less ``rows``."""
    if not len(rows):
        return elements
    keep = np.ones(len(elements), bool)
    keep[np.asarray(rows, np.int64)] = False
    return elements[keep]


def _renumber(elements: Elements) -> Elements:
    """Sort in reading order, an element that is others' parent (a two-line list row) just
    before the first of them, and number 0..N-1, carrying parent references along."""
    order = reading_order(elements.xyxy)
    key = np.empty(len(elements))
    key[order] = np.arange(len(elements))
    row_of = {int(i): r for r, i in enumerate(elements.id)}
    for kid, p in enumerate(elements.parent.tolist()):
        if p in row_of:
            key[row_of[p]] = min(key[row_of[p]], key[kid] - 0.5)
    order = np.argsort(key, kind="stable")
    new_id = np.empty(len(elements), np.int32)
    new_id[order] = np.arange(len(elements), dtype=np.int32)
    old_to_new = dict(zip(elements.id.tolist(), new_id.tolist()))
    parent = np.array([old_to_new.get(int(p), -1) for p in elements.parent], np.int32)
    return elements.with_(parent=parent)[order].numbered()
