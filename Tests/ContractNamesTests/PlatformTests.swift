import ContractNames
import Testing

/// One platform value with one default: what a world, a run or a journey is when it names none.
@Suite struct PlatformTests {
    @Test func theDefaultIsIOSAndCommandsOfTheDefaultNameNoPlatform() {
        #expect(Platform.default == .ios)
        #expect(Platform.allCases.filter(\.isDefault) == [.ios])
        #expect(Platform.ios.optionWords.isEmpty)
        #expect(Platform.ios.optionSuffix.isEmpty)
        #expect(Platform.android.optionWords == ["--platform", "android"])
        #expect(Platform.android.optionSuffix == " --platform android")
    }

    @Test func aDefectOfOnePlatformsCodeIsNamedAfterItAndRunsThere() {
        #expect(Defect.androidSourceCheckIgnoresListing.platform == .android)
        for defect in Defect.allCases where defect != .androidSourceCheckIgnoresListing {
            #expect(defect.platform == nil, "\(defect.rawValue)")
        }
    }

    @Test func theContractsInvariantsAndTheProvidersAreEveryInvariantOnce() {
        #expect(AuditInvariant.contract + AuditInvariant.providers == AuditInvariant.allCases)
    }
}
