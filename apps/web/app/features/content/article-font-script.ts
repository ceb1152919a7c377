import { FONT_SIZES } from "@tongjian/domain/font-option";

export const ARTICLE_FONT_STORAGE_KEY = "tj:article-font";

export const TITLE_SIZE_PROPERTY = "--tj-article-title-size";
export const TEXT_SIZE_PROPERTY = "--tj-article-text-size";

/**
 * Runs in the document's head, before the first paint: a size the reader chose earlier is in
 * place when the article is first laid out, so the text does not jump when the page hydrates.
 */
export const ARTICLE_FONT_SCRIPT = /* @__PURE__ */ articleFontScript();

function articleFontScript(): string {
  return `(function(){try{var z=${JSON.stringify(FONT_SIZES)},v=localStorage.getItem(${JSON.stringify(ARTICLE_FONT_STORAGE_KEY)});if(v&&Object.prototype.hasOwnProperty.call(z,v)){var d=document.documentElement.style;d.setProperty("${TITLE_SIZE_PROPERTY}",z[v].titlePx+"px");d.setProperty("${TEXT_SIZE_PROPERTY}",z[v].paragraphPx+"px")}}catch(e){}})()`;
}
