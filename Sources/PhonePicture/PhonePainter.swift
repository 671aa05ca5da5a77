import CCairo
import Foundation

/// Draws a `PhoneLayout` with cairo at scale 2 (780×1688 pixels) and encodes it as PNG
/// (`PNGEncoder`), in process, with the DejaVu faces Debian installs (`fonts-dejavu-core`, as the
/// HTML report uses). The same layout gives the same bytes on one machine: nothing reads a clock or
/// the host. A painter keeps its surface and buffers between pictures: allocating megabytes afresh
/// for each one cost more (page faults) than drawing it.
public final class PhonePainter {
    public static let scale = 2
    static let width = PhoneLayout.width * scale
    static let height = PhoneLayout.height * scale

    /// Why no picture could be made.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let surface: OpaquePointer
    /// The PNG's filtered scanlines: a filter byte (0) then R, G, B per pixel, row after row.
    private var scanlines: [UInt8]
    private var encoder = PNGEncoder()

    public init() throws(Failure) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(Self.width), Int32(Self.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            throw Failure(description: "cairo could not make a \(Self.width)×\(Self.height) surface")
        }
        self.surface = surface
        scanlines = [UInt8](repeating: 0, count: Self.height * (1 + Self.width * 3))
    }

    deinit { cairo_surface_destroy(surface) }

    /// The PNG of `layout` (a painter of its own).
    public static func png(_ layout: PhoneLayout) throws(Failure) -> Data { try PhonePainter().png(layout) }

    /// The PNG of `layout`.
    public func png(_ layout: PhoneLayout) throws(Failure) -> Data {
        guard let cr = cairo_create(surface) else { throw Failure(description: "cairo could not draw") }
        defer { cairo_destroy(cr) }
        cairo_scale(cr, Double(Self.scale), Double(Self.scale))
        // Grey-scale antialiasing and no hinting: the picture does not depend on a display's settings.
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
        for paint in layout.paints { Self.draw(paint, cr) }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            throw Failure(description: String(cString: cairo_status_to_string(cairo_status(cr))))
        }
        cairo_surface_flush(surface)
        // Cairo's RGB24 pixels are 32-bit words, 0x00RRGGBB in native byte order, `stride` bytes a row.
        guard let pixels = cairo_image_surface_get_data(surface) else {
            throw Failure(description: "cairo gave no pixels")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let (columns, rows) = (Self.width, Self.height)
        scanlines.withUnsafeMutableBufferPointer { out in
            var index = 0
            for row in 0..<rows {
                out[index] = 0
                index += 1
                let line = UnsafeRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<columns {
                    let pixel = line[column]
                    out[index] = UInt8(truncatingIfNeeded: pixel >> 16)
                    out[index + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                    out[index + 2] = UInt8(truncatingIfNeeded: pixel)
                    index += 3
                }
            }
        }
        do {
            return try encoder.encode(width: columns, height: rows, scanlines: scanlines)
        } catch {
            throw Failure(description: error.description)
        }
    }

    private static func draw(_ paint: Paint, _ cr: OpaquePointer) {
        switch paint {
        case .fill(let frame, let radius, let color):
            path(frame, radius: radius, cr)
            set(color, cr)
            cairo_fill(cr)
        case .stroke(let frame, let radius, let color, let width, let dashed):
            // Inset by half the line so the stroke stays inside the frame.
            let inset = width / 2
            roundedRect(
                Double(frame.x) + inset, Double(frame.y) + inset, Double(frame.width) - width,
                Double(frame.height) - width, radius: Double(radius), cr)
            set(color, cr)
            cairo_set_line_width(cr, width)
            if dashed {
                var pattern: [Double] = [6, 4]
                cairo_set_dash(cr, &pattern, 2, 0)
            }
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        case .text(let text, let x, let baseline, let size, let bold, let color):
            cairo_select_font_face(
                cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, Double(size))
            set(color, cr)
            cairo_move_to(cr, Double(x), Double(baseline))
            cairo_show_text(cr, text)
        case .outside(let frame, let radius, let color):
            path(frame, radius: radius, cr)
            cairo_rectangle(cr, 0, 0, Double(PhoneLayout.width), Double(PhoneLayout.height))
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            set(color, cr)
            cairo_fill(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        case .spinner(let frame, let color):
            let radius = Double(min(frame.width, frame.height)) / 2 - 3
            let cx = Double(frame.x) + Double(frame.width) / 2
            let cy = Double(frame.y) + Double(frame.height) / 2
            cairo_new_path(cr)
            cairo_arc(cr, cx, cy, radius, 0, 1.5 * Double.pi)
            set(color, cr)
            cairo_set_line_width(cr, 3)
            cairo_stroke(cr)
        }
    }

    private static func path(_ frame: Frame, radius: Int, _ cr: OpaquePointer) {
        roundedRect(
            Double(frame.x), Double(frame.y), Double(frame.width), Double(frame.height), radius: Double(radius), cr)
    }

    private static func roundedRect(
        _ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double, _ cr: OpaquePointer
    ) {
        cairo_new_path(cr)
        let r = max(0, min(radius, width / 2, height / 2))
        guard r > 0 else {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        cairo_arc(cr, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 1.5 * Double.pi)
        cairo_close_path(cr)
    }

    private static func set(_ color: Color, _ cr: OpaquePointer) {
        cairo_set_source_rgba(
            cr, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, color.alpha)
    }
}
