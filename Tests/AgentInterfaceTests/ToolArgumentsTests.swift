import Testing

@testable import AgentInterface

@Suite struct ToolArgumentsTests {
    func tool(_ name: String) throws -> ToolDefinition { try #require(ToolCatalogue.tool(name)) }

    @Test func everyInputSchemaForbidsOtherArgumentsAndSimToolsComeLast() {
        for tool in ToolCatalogue.tools {
            #expect(tool.inputSchema["additionalProperties"] == .bool(false), "\(tool.name)")
            #expect(tool.inputSchema["type"] == "object")
        }
        let names = ToolCatalogue.tools.map(\.name)
        let firstSim = names.firstIndex { $0.hasPrefix("sim_") } ?? names.count
        #expect(names[firstSim...].allSatisfy { $0.hasPrefix("sim_") })
    }

    @Test func aMissingArgumentIsNamed() throws {
        #expect(throws: ToolArguments.Invalid.self) { try ToolArguments(try tool("launch_app_sim"), [:]) }
        do {
            _ = try ToolArguments(try tool("launch_app_sim"), [:])
        } catch let error as ToolArguments.Invalid {
            #expect(error.description.contains("'bundleId'"))
        }
    }

    @Test func aWrongTypeIsNamedWithWhatItShouldBe() throws {
        do {
            _ = try ToolArguments(try tool("launch_app_sim"), ["bundleId": .int(7)])
            Issue.record("accepted an integer bundle id")
        } catch let error as ToolArguments.Invalid {
            #expect(error.description == "argument 'bundleId' of launch_app_sim must be a string, not an integer")
        }
    }

    @Test func anUnknownArgumentAndAValueOutsideTheEnumAreRefused() throws {
        do {
            _ = try ToolArguments(try tool("button"), ["name": "home", "colour": "red"])
            Issue.record("accepted an unknown argument")
        } catch let error as ToolArguments.Invalid {
            #expect(error.description.contains("unknown argument 'colour'"))
        }
        do {
            _ = try ToolArguments(try tool("button"), ["name": "volumeUp"])
            Issue.record("accepted volumeUp")
        } catch let error as ToolArguments.Invalid {
            #expect(error.description.contains("must be one of home"))
        }
    }

    @Test func wholeNumbersFitIntegerArguments() throws {
        let arguments = try ToolArguments(
            try tool("wait_for_ui"), ["predicate": "exists", "id": "X", "timeoutSeconds": .double(5)])
        #expect(arguments.values["timeoutSeconds"] == .double(5))
        #expect(throws: ToolArguments.Invalid.self) {
            try ToolArguments(try tool("wait_for_ui"), ["predicate": "exists", "timeoutSeconds": .double(2.5)])
        }
    }
}
