import type { CreateSchemaCustomizationArgs, GatsbyNode } from 'gatsby';

// The content collections are told apart by their folder under content/ (tools, blog, legal, pages).
export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({
  actions,
}: CreateSchemaCustomizationArgs) => {
  actions.createTypes(`
    type MarkdownRemark implements Node {
      frontmatter: Frontmatter
      fields: MarkdownRemarkFields
    }
    type MarkdownRemarkFields {
      collection: String
      slug: String
      lastChanged: Date @dateformat
    }
    type Frontmatter {
      id: String
      title: String
      path: String
      route: String
      description: String
      summary: String
      updated: Date @dateformat
      screenshots: [Screenshot]
      userImports: [String]
      tags: [String]
      theme: String
      filters: [String]
    }
    type Screenshot {
      name: String!
      alt: String!
      image: File @link(by: "base", from: "name")
    }
    type ChangelogYaml implements Node {
      date: Date @dateformat
      details: [String]
      introduces: [String]
      version: String
    }
    type AnnouncementsYaml implements Node {
      yamlId: String
      message: String
      startDate: String
      endDate: String
      release: String
    }
    type FaqYaml implements Node {
      question: String
      topic: String
      answer: String
    }
  `);
};
