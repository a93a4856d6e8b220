import Engine

/// A quote board: a 60×6 table (a header and five rows of six 10-column
/// cells). Each `t` is a tick: the counter in the title and the Last cell of
/// every row change, five cells of the table.
struct TickerApp: App {
    @State private var tick = 0

    var body: some View {
        VStack(alignment: .leading, spacing: 1) {
            Text("ticker: tick \(tick) · t ticks · Ctrl-C quits").bold()
            VStack(alignment: .leading, spacing: 0) {
                row(["Symbol", "Bid", "Ask", "Last", "Open", "Volume"]).bold()
                ForEach(Quote.board) { quote in
                    row([quote.symbol, cents(quote.bid), cents(quote.ask), cents(quote.last(at: tick)),
                         cents(quote.open), "\(quote.volume)"])
                }
            }
        }
        .onKeyPress("t") {
            tick += 1
            return .handled
        }
    }

    private func row(_ cells: [String]) -> some View {
        HStack(spacing: 0) {
            ForEach(cells.indices, id: \.self) { i in
                Text(cells[i]).frame(width: 10, alignment: i == 0 ? .leading : .trailing)
            }
        }
    }

    private func cents(_ value: Int) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = abs(value)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

/// One row of the board; prices in cents.
struct Quote: Identifiable {
    var symbol: String
    var bid: Int
    var ask: Int
    var open: Int
    var volume: Int
    var id: String { symbol }

    /// The last price after `tick` ticks: a walk that differs from row to row.
    func last(at tick: Int) -> Int {
        open + (tick * (bid % 7 + 3)) % 251 - 125
    }

    static let board = [
        Quote(symbol: "ACME", bid: 12_345, ask: 12_351, open: 12_300, volume: 81_200),
        Quote(symbol: "BOLT", bid: 4_410, ask: 4_415, open: 4_500, volume: 5_300),
        Quote(symbol: "CRUX", bid: 98_001, ask: 98_020, open: 97_500, volume: 120_000),
        Quote(symbol: "DYNE", bid: 733, ask: 735, open: 720, volume: 2_450_000),
        Quote(symbol: "EMBR", bid: 20_090, ask: 20_110, open: 20_200, volume: 44_000),
    ]
}
