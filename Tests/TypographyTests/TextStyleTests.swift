import Testing
import Typography

@Suite struct TextStyleTests {
    /// Apple's table, as the issue gives it: XS … AX5.
    static let table: [(TextStyle, [Int])] = [
        (.largeTitle, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        (.title1, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        (.title2, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        (.title3, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        (.headline, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.body, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.callout, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        (.subheadline, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        (.footnote, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        (.caption1, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        (.caption2, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]),
    ]

    @Test func everyStyleIsInTheTable() {
        #expect(Set(Self.table.map(\.0)) == Set(TextStyle.allCases))
        #expect(TextStyle.allCases.count == 11)
    }

    @Test(arguments: TextStyleTests.table.map { $0.0 })
    func pointSizesMatchApple(style: TextStyle) throws {
        let expected = try #require(Self.table.first { $0.0 == style }?.1)
        for (category, size) in zip(ContentSizeCategory.allCases, expected) {
            #expect(style.pointSize(for: category) == size, "\(style) at \(category)")
        }
    }

    @Test func scaleIsSizeOverLarge() {
        #expect(TextStyle.body.scale(for: .large) == 1)
        #expect(abs(TextStyle.body.scale(for: .accessibilityLarge) - 33.0 / 17) < 1e-12)
        #expect(abs(TextStyle.caption2.scale(for: .accessibilityExtraExtraExtraLarge) - 41.0 / 11) < 1e-12)
        #expect(abs(TextStyle.footnote.scale(for: .extraSmall) - 12.0 / 13) < 1e-12)
    }

    @Test func scaledValueWorksLikeUIFontMetrics() {
        let body = FontMetrics(textStyle: .body)
        #expect(body.scaledValue(17, for: .large) == 17)
        #expect(abs(body.scaledValue(17, for: .accessibilityLarge) - 33) < 1e-9)
        #expect(abs(body.scaledValue(10, for: .extraSmall) - 140.0 / 17) < 1e-9)
        #expect(body.scaledValue(10, for: .accessibilityExtraExtraExtraLarge, maximum: 20) == 20)
        #expect(abs(body.scaledValue(10, for: .small, maximum: 20) - 150.0 / 17) < 1e-9)
        let title = FontMetrics.scaledValue(28, for: .title1, category: .accessibilityMedium)
        #expect(abs(title - 38) < 1e-9)
    }
}
