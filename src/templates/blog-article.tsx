import React from 'react';
import { graphql, Link, type HeadProps, type PageProps } from 'gatsby';
import { JsonLd } from '../components/json-ld/JsonLd';
import { Markdown } from '../components/markdown/Markdown';
import { Seo } from '../components/seo/Seo';
import { siteConfig } from '../config';
import { articleFields } from '../lib/article-fields';
import { formatLongDate, isoDay } from '../lib/dates';
import { present } from '../lib/query-data';

export default function BlogArticleTemplate({ data }: PageProps<Queries.BlogArticleQuery>) {
  const page = present(data.markdownRemark, 'the article');
  const article = articleFields(page.frontmatter);
  return (
    <article className="page page--prose article">
      <p>
        <Link className="back-link" to="/blog">
          ← Back to List
        </Link>
      </p>
      <h1>{article.title}</h1>
      <p className="article__meta">
        <span>
          Updated <time dateTime={isoDay(article.updated)}>{formatLongDate(article.updated)}</time>
        </span>
      </p>
      <Markdown html={present(page.html, `the text of article ${article.route}`)} />
    </article>
  );
}

export const Head = ({ data }: HeadProps<Queries.BlogArticleQuery>) => {
  const article = articleFields(present(data.markdownRemark, 'the article').frontmatter);
  const url = `${siteConfig.siteUrl}/blog/${article.route}`;
  return (
    <Seo
      title={article.title}
      description={article.description}
      pathname={`/blog/${article.route}`}
      type="article"
    >
      <JsonLd
        data={{
          '@type': 'BlogPosting',
          headline: article.title,
          description: article.description,
          dateModified: isoDay(article.updated),
          datePublished: isoDay(article.updated),
          mainEntityOfPage: url,
          url,
          author: { '@type': 'Organization', name: siteConfig.name },
          publisher: { '@type': 'Organization', name: siteConfig.name },
        }}
      />
    </Seo>
  );
};

export const query = graphql`
  query BlogArticle($id: String!) {
    markdownRemark(id: { eq: $id }) {
      html
      frontmatter {
        ...ArticleFields
      }
    }
  }
`;
