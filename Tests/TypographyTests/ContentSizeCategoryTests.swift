import Foundation
import Testing
import Typography

@Suite struct ContentSizeCategoryTests {
    @Test func twelveOrderedCategoriesWithLargeAsDefault() {
        let all = ContentSizeCategory.allCases
        #expect(all.count == 12)
        #expect(all == all.sorted())
        #expect(ContentSizeCategory.default == .large)
        #expect(ContentSizeCategory.extraSmall < .accessibilityMedium)
        #expect(!ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(ContentSizeCategory.large.larger == .extraLarge)
        #expect(ContentSizeCategory.extraSmall.smaller == nil)
        #expect(ContentSizeCategory.accessibilityExtraExtraExtraLarge.larger == nil)
    }

    @Test func spokenNamesAndPercent() {
        #expect(ContentSizeCategory.accessibilityExtraLarge.spokenName == "Accessibility Extra Large")
        #expect(ContentSizeCategory.extraExtraExtraLarge.spokenName == "Extra Extra Extra Large")
        #expect(ContentSizeCategory.accessibilityLarge.percent == 194)
        #expect(ContentSizeCategory.large.percent == 100)
        #expect(ContentSizeCategory.extraSmall.percent == 82)
        #expect(ContentSizeCategory.accessibilityExtraExtraExtraLarge.percent == 312)
    }

    @Test(arguments: ContentSizeCategory.allCases)
    func nearestPercentFindsEachCategory(category: ContentSizeCategory) {
        #expect(ContentSizeCategory(nearestPercent: Double(category.percent)) == category)
        #expect(ContentSizeCategory(rawValue: category.rawValue) == category)
    }

    @Test func codableUsesTheCaseName() throws {
        let data = try JSONEncoder().encode([ContentSizeCategory.accessibilityLarge])
        #expect(String(decoding: data, as: UTF8.self) == "[\"accessibilityLarge\"]")
        let back = try JSONDecoder().decode([ContentSizeCategory].self, from: data)
        #expect(back == [.accessibilityLarge])
    }
}
