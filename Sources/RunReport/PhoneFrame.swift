import AppSupport

/// Draws one app's screen inside a phone: status line with the lock state, toasts in their colours,
/// then the screen (route, title, texts, rows with captions and pills, dashed offer cards, buttons)
/// with its sheet laid over it. Everything is real text.
enum PhoneFrame {
    static func html(_ phone: Phone, state: PhoneState, device: DeviceStatus, acted: Bool, step: Int) -> String {
        let name = phone.displayName
        var html =
            "<figure class=\"phone phone-\(phone.rawValue)\(acted ? " acted" : "")\" data-app=\"\(phone.rawValue)\""
        html += " aria-label=\"\(HTMLText.escape(label(phone, state: state, acted: acted, step: step)))\">\n"
        html += "<figcaption><span class=\"app-name\">\(name)</span>"
        if acted {
            html += " <span class=\"acted-tag\">acted in this step</span>"
        } else if let shown = state.shownAtStep {
            html += " <span class=\"last-shown\">last screen, from step \(shown)</span>"
        }
        // A phone that has shown nothing yet is drawn short: the frame stays, the empty screen does not
        // take a whole phone's height.
        html += "</figcaption>\n<div class=\"bezel\"><div class=\"display\(state.screen == nil ? " empty" : "")\">\n"
        html += statusBar(phone, device: device, step: step)
        guard let screen = state.screen else {
            html += "<p class=\"empty-screen\">\(name) has shown no screen yet.</p>\n</div></div></figure>\n"
            return html
        }
        if !screen.toasts.isEmpty {
            html += "<ul class=\"toasts\" aria-label=\"Toasts\">\n"
            for toast in screen.toasts { html += self.toast(toast) }
            html += "</ul>\n"
        }
        html += "<div class=\"stage\">\n<div class=\"content\">\n"
        var route = screen.route
        if screen.stack.count > 1 { route = screen.stack.joined(separator: " › ") }
        html += "<p class=\"route\">\(HTMLText.escape(route))</p>\n"
        if let title = screen.title {
            html += "<p class=\"screen-title\">\(HTMLText.lines(title))</p>\n"
        }
        for text in screen.texts { html += "<p class=\"screen-text\">\(HTMLText.lines(text))</p>\n" }
        html += rows(screen.rows)
        html += buttons(screen.buttons)
        html += "</div>\n"
        if let sheet = screen.sheet {
            html += "<div class=\"sheet-layer\"><div class=\"sheet\" role=\"dialog\""
            html +=
                " aria-label=\"Sheet: \(HTMLText.escape(sheet.title))\" data-sheet=\"\(HTMLText.escape(sheet.id))\">\n"
            html += "<div class=\"sheet-grip\"></div>\n"
            html += "<p class=\"sheet-title\">\(HTMLText.lines(sheet.title))</p>\n"
            for text in sheet.texts { html += "<p class=\"screen-text\">\(HTMLText.lines(text))</p>\n" }
            html += rows(sheet.rows)
            html += buttons(sheet.buttons)
            html += "</div></div>\n"
        }
        html += "</div>\n</div></div></figure>\n"
        return html
    }

    static func label(_ phone: Phone, state: PhoneState, acted: Bool, step: Int) -> String {
        var words = "\(phone.displayName) after step \(step)"
        if acted {
            words += ", acted in this step"
        } else if let shown = state.shownAtStep {
            words += ", showing its screen from step \(shown)"
        }
        if let screen = state.screen { words += ": \(screen.route)" }
        return words
    }

    static func statusBar(_ phone: Phone, device: DeviceStatus, step: Int) -> String {
        var html = "<div class=\"statusbar\"><span>Step \(step)</span><span>"
        if device.offline.contains(phone) { html += "<span class=\"offline\">Offline</span> · " }
        html += "<span class=\"lock lock-\(HTMLText.escape(device.lock))\">\(HTMLText.escape(device.lockLabel))</span>"
        html += "</span></div>\n"
        return html
    }

    static func toast(_ toast: Toast) -> String {
        var html = "<li class=\"toast toast-\(toast.type.rawValue)\""
        if let id = toast.id { html += " data-id=\"\(HTMLText.escape(id))\"" }
        html += "><span class=\"toast-kind\">\(toast.type.rawValue)</span> "
        html += "<strong>\(HTMLText.escape(toast.title))</strong>"
        if let description = toast.description { html += " · \(HTMLText.lines(description))" }
        html += "</li>\n"
        return html
    }

    static func rows(_ rows: [Screen.Row]) -> String {
        guard !rows.isEmpty else { return "" }
        var html = "<ul class=\"rows\">\n"
        for row in rows {
            var classes = "row"
            if row.style == "dashed" { classes += " dashed" }
            if row.disabled { classes += " disabled" }
            html += "<li class=\"\(classes)\" data-id=\"\(HTMLText.escape(row.id))\">"
            html += "<div class=\"row-title\">\(HTMLText.lines(row.title))</div>"
            if let caption = row.caption { html += "<div class=\"row-caption\">\(HTMLText.lines(caption))</div>" }
            if !row.pills.isEmpty {
                html += "<div class=\"pills\">"
                for pill in row.pills { html += "<span class=\"pill\">\(HTMLText.escape(pill))</span>" }
                html += "</div>"
            }
            if let button = row.button {
                html += "<span class=\"row-button\(row.disabled ? " disabled" : "")\">\(HTMLText.escape(button))</span>"
            }
            if row.disabled { html += " <span class=\"sr-only\">(disabled)</span>" }
            html += "</li>\n"
        }
        html += "</ul>\n"
        return html
    }

    static func buttons(_ buttons: [Screen.Button]) -> String {
        guard !buttons.isEmpty else { return "" }
        var html = "<div class=\"buttons\">"
        for button in buttons {
            html +=
                "<span class=\"button\(button.disabled ? " disabled" : "")\" data-id=\"\(HTMLText.escape(button.id))\">"
            html += HTMLText.escape(button.label)
            if button.disabled { html += "<span class=\"sr-only\"> (disabled)</span>" }
            html += "</span>"
        }
        html += "</div>\n"
        return html
    }
}
